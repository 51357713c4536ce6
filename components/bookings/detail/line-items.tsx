import { StructuredValue, isEmptyValue } from "@/components/hotel/structured-value";
import { useTimeZone } from "@/components/layout/time-zone";
import type { BookingPageData } from "@/lib/bookings/schemas";
import { activityStart, routeOf } from "@/lib/bookings/summary";
import { formatDay, formatInstant, formatTravelTime } from "@/lib/format/dates";
import { formatDuration } from "@/lib/format/durations";
import { humanize } from "@/lib/format/words";
import { formatMoney } from "@/lib/money";
import { BookingStateBadge } from "../booking-state";
import { bool, isObj, money, num, objs, str, strs, type Obj } from "./facts";
import { FactItem, Facts } from "./parts";

type LineItem = BookingPageData["lineItems"][number];

/** Fields each product's block shows itself; anything else the service sends is shown as it comes. */
const SHOWN: Record<string, string[]> = {
  hotel: ["hotelName", "roomName", "boardBasis", "rateName", "checkIn", "checkOut", "nights", "rooms", "specialRequest", "hotelConfirmationRef", "hotelConfirmationRefs", "hotelConfirmationNumber"],
  flight: ["airline", "cabinClass", "fareName", "slices", "baggage", "pnr", "airlinePnr", "tickets", "ticketingStatus"],
  activity: ["activityName", "activityKey", "modality", "date", "startTime", "durationMinutes", "participants", "supplierRateRef", "panRequired", "bookingQuestions", "bookingAnswers", "supplierVouchers"],
  transfer: ["serviceType", "vehicle", "pickupName", "dropoffName", "pickupAt", "returnAt", "tripType", "passengers", "meetAndGreet", "carrierName", "flightNumber", "supplierVouchers", "transferLegs"],
};

const board = (v: unknown) => (str(v) ? humanize(str(v)!) : null);

export function LineItemView({ item, index, count }: { item: LineItem; index: number; count: number }) {
  const timeZone = useTimeZone();
  const d = item.details as Obj;
  const type = String(item.productType);
  const refLabel = type === "flight" ? "Airline booking reference" : "Supplier reference";
  const extra = Object.fromEntries(Object.entries(d).filter(([k, v]) => !(SHOWN[type] ?? []).includes(k) && !isEmptyValue(v)));
  return (
    <article aria-labelledby={`line-${index}`} className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`line-${index}`} className="text-sm font-semibold text-ink">
          {count > 1 ? `Item ${index + 1}: ` : ""}
          {humanize(type)}
        </h3>
        <div className="flex items-center gap-3">
          <BookingStateBadge state={String(item.state)} />
          <span className="text-sm font-semibold text-ink tabular-nums">{formatMoney(item.sell.amountMinor, item.sell.currency)}</span>
        </div>
      </div>
      <Facts className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <FactItem label={refLabel} mono>
          {item.supplierConfirmationId ?? "Not given yet"}
        </FactItem>
        {type === "hotel" ? <HotelFacts d={d} /> : null}
        {type === "flight" ? <FlightFacts d={d} /> : null}
        {type === "activity" ? <ActivityFacts d={d} timeZone={timeZone} /> : null}
        {type === "transfer" ? <TransferFacts d={d} timeZone={timeZone} /> : null}
      </Facts>
      {type === "hotel" ? <HotelRooms d={d} /> : null}
      {type === "flight" ? <FlightDetails d={d} timeZone={timeZone} /> : null}
      {type === "activity" ? <Questions d={d} /> : null}
      {type === "activity" || type === "transfer" ? <Vouchers value={d.supplierVouchers} timeZone={timeZone} /> : null}
      {type === "transfer" ? <TransferLegs d={d} timeZone={timeZone} /> : null}
      {Object.keys(extra).length > 0 ? (
        <div className="mt-4">
          <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase">More from the provider</h4>
          <div className="mt-1 text-sm text-slate-700">
            <StructuredValue value={extra} />
          </div>
        </div>
      ) : null}
    </article>
  );
}

function HotelFacts({ d }: { d: Obj }) {
  const refs = strs(d.hotelConfirmationRefs);
  return (
    <>
      {str(d.hotelConfirmationRef) ? (
        <FactItem label="Hotel confirmation reference" mono>
          {str(d.hotelConfirmationRef)}
        </FactItem>
      ) : null}
      {refs.length ? (
        <FactItem label="Hotel confirmation references" mono>
          {refs.map((r, i) => (
            <span key={i} className="block">
              Room {i + 1}: {r}
            </span>
          ))}
        </FactItem>
      ) : null}
      <FactItem label="Hotel confirmation number" mono>
        {str(d.hotelConfirmationNumber) ?? "Not recorded yet"}
      </FactItem>
      {str(d.checkIn) && str(d.checkOut) ? (
        <FactItem label="Stay">
          {formatDay(str(d.checkIn)!)} to {formatDay(str(d.checkOut)!)}
          {num(d.nights) !== null ? ` · ${num(d.nights)} ${num(d.nights) === 1 ? "night" : "nights"}` : ""}
        </FactItem>
      ) : null}
      {str(d.rateName) ? <FactItem label="Rate">{str(d.rateName)}</FactItem> : null}
      {str(d.specialRequest) ? <FactItem label="Special request">{str(d.specialRequest)}</FactItem> : null}
    </>
  );
}

function HotelRooms({ d }: { d: Obj }) {
  const rooms = objs(d.rooms);
  if (rooms.length === 0) return null;
  return (
    <div className="mt-4">
      <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Rooms</h4>
      <ol className="mt-1 divide-y divide-slate-100 rounded-lg border border-slate-200">
        {rooms.map((r, i) => (
          <li key={i} className="px-3 py-2 text-sm">
            <p className="font-medium text-ink">
              Room {(num(r.roomIndex) ?? i) + 1}: {str(r.roomName) ?? str(d.roomName) ?? "Room"}
              {board(r.boardBasis ?? d.boardBasis) ? <span className="font-normal text-slate-600"> · {board(r.boardBasis ?? d.boardBasis)}</span> : null}
            </p>
            {strs(r.guests).length ? <p className="text-slate-600">{strs(r.guests).join(", ")}</p> : null}
            {bool(r.smoking) !== null ? <p className="text-slate-600">{r.smoking ? "Smoking room requested" : "Non-smoking room requested"}</p> : null}
            {str(r.specialRequest) ? <p className="text-slate-600">Request: {str(r.specialRequest)}</p> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

function FlightFacts({ d }: { d: Obj }) {
  const bag = isObj(d.baggage) ? d.baggage : null;
  return (
    <>
      {str(d.pnr) ? (
        <FactItem label="PNR" mono>
          {str(d.pnr)}
        </FactItem>
      ) : null}
      {str(d.airlinePnr) ? (
        <FactItem label="Airline PNR" mono>
          {str(d.airlinePnr)}
        </FactItem>
      ) : null}
      <FactItem label="Ticketing">{str(d.ticketingStatus) ? humanize(str(d.ticketingStatus)!) : "Not reported"}</FactItem>
      {str(d.airline) ? (
        <FactItem label="Airline and fare">
          {[str(d.airline), str(d.cabinClass) ? humanize(str(d.cabinClass)!) : null, str(d.fareName)].filter(Boolean).join(" · ")}
        </FactItem>
      ) : null}
      {bag ? (
        <FactItem label="Baggage">
          {[num(bag.carryOn) !== null ? `${num(bag.carryOn)} carry-on` : null, num(bag.checked) !== null ? `${num(bag.checked)} checked` : null].filter(Boolean).join(", ") ||
            "See the fare rules"}
        </FactItem>
      ) : null}
    </>
  );
}

function FlightDetails({ d, timeZone }: { d: Obj; timeZone: string }) {
  const slices = objs(d.slices);
  const tickets = objs(d.tickets);
  return (
    <>
      {slices.length ? (
        <div className="mt-4">
          <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Itinerary · {routeOf(slices)}</h4>
          <ol className="mt-1 space-y-2">
            {slices.map((s, i) => (
              <li key={i} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
                <p className="font-medium text-ink">
                  {str(s.origin)} → {str(s.destination)}
                  {strs(s.flights).length ? <span className="ml-2 font-mono text-xs font-normal text-slate-600">{strs(s.flights).join(", ")}</span> : null}
                </p>
                <p className="text-slate-600">
                  {str(s.departAt) ? `Departs ${formatTravelTime(str(s.departAt)!, timeZone)}` : null}
                  {str(s.arriveAt) ? ` · arrives ${formatTravelTime(str(s.arriveAt)!, timeZone)}` : null}
                </p>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {tickets.length ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="text-left text-xs font-medium tracking-wide text-slate-500 uppercase">Tickets</caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-500">
                <th scope="col" className="py-1.5 pr-3 font-medium">Passenger</th>
                <th scope="col" className="py-1.5 pr-3 font-medium">Ticket number</th>
                <th scope="col" className="py-1.5 font-medium">Airline PNR</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {tickets.map((t, i) => (
                <tr key={i}>
                  <td className="py-1.5 pr-3 text-ink">{str(t.name) ?? "—"}</td>
                  <td className="py-1.5 pr-3 font-mono text-ink">{str(t.ticketNo) ?? "—"}</td>
                  <td className="py-1.5 font-mono text-ink">{str(t.airlinePnr) ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

function ActivityFacts({ d, timeZone }: { d: Obj; timeZone: string }) {
  const p = isObj(d.participants) ? d.participants : null;
  const start = activityStart(d);
  return (
    <>
      {str(d.modality) ? <FactItem label="Option">{str(d.modality)}</FactItem> : null}
      {start ? (
        <FactItem label="When">
          {formatTravelTime(start, timeZone)}
          {formatDuration(num(d.durationMinutes)) ? ` · ${formatDuration(num(d.durationMinutes))}` : ""}
        </FactItem>
      ) : null}
      {p ? (
        <FactItem label="Participants">
          {[num(p.adults) ? `${num(p.adults)} ${num(p.adults) === 1 ? "adult" : "adults"}` : null, num(p.children) ? `${num(p.children)} ${num(p.children) === 1 ? "child" : "children"}` : null]
            .filter(Boolean)
            .join(", ") || "—"}
        </FactItem>
      ) : null}
      {bool(d.panRequired) !== null ? <FactItem label="Indian PAN">{d.panRequired ? "Required, given at booking" : "Not required"}</FactItem> : null}
    </>
  );
}

function Questions({ d }: { d: Obj }) {
  const questions = objs(d.bookingQuestions);
  const answers = isObj(d.bookingAnswers) ? d.bookingAnswers : {};
  if (questions.length === 0) return null;
  return (
    <div className="mt-4">
      <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Booking questions</h4>
      <dl className="mt-1 space-y-1 text-sm">
        {questions.map((q, i) => {
          const code = str(q.code) ?? `q${i}`;
          const answer = answers[code] ?? q.answer;
          return (
            <div key={code} className="flex flex-wrap gap-x-2">
              <dt className="text-slate-600">{str(q.label) ?? code}:</dt>
              <dd className="text-ink">{answer === undefined || answer === null || answer === "" ? "Not answered" : String(answer)}</dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

function Vouchers({ value, timeZone }: { value: unknown; timeZone: string }) {
  const vouchers = objs(value);
  if (vouchers.length === 0) return null;
  return (
    <div className="mt-4">
      <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Supplier vouchers</h4>
      <ul className="mt-1 space-y-1 text-sm">
        {vouchers.map((v, i) => (
          <li key={i} className="flex flex-wrap items-center gap-x-3">
            <span className="font-mono text-ink">{str(v.voucherRef) ?? `Voucher ${i + 1}`}</span>
            {str(v.status) ? <span className="text-slate-600">{humanize(str(v.status)!)}</span> : null}
            {str(v.issuedAt) ? <span className="text-slate-500">issued {formatInstant(str(v.issuedAt)!, timeZone)}</span> : null}
            {str(v.url) ? (
              <a href={str(v.url)!} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
                Open voucher<span className="sr-only"> (new tab)</span>
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function TransferFacts({ d, timeZone }: { d: Obj; timeZone: string }) {
  return (
    <>
      {str(d.pickupName) || str(d.dropoffName) ? (
        <FactItem label="Route">
          {str(d.pickupName) ?? "?"} {d.tripType === "round" ? "⇄" : "→"} {str(d.dropoffName) ?? "?"}
        </FactItem>
      ) : null}
      {str(d.pickupAt) ? <FactItem label="Pickup">{formatTravelTime(str(d.pickupAt)!, timeZone)}</FactItem> : null}
      {str(d.returnAt) ? <FactItem label="Return pickup">{formatTravelTime(str(d.returnAt)!, timeZone)}</FactItem> : null}
      {str(d.vehicle) || str(d.serviceType) ? (
        <FactItem label="Vehicle">{[str(d.vehicle), str(d.serviceType) ? humanize(str(d.serviceType)!) : null].filter(Boolean).join(" · ")}</FactItem>
      ) : null}
      {num(d.passengers) !== null ? (
        <FactItem label="Passengers">
          {num(d.passengers)}
          {d.meetAndGreet === true ? " · meet and greet" : ""}
        </FactItem>
      ) : null}
      {str(d.carrierName) || str(d.flightNumber) ? (
        <FactItem label="Arriving flight">{[str(d.carrierName), str(d.flightNumber)].filter(Boolean).join(" ")}</FactItem>
      ) : null}
    </>
  );
}

function TransferLegs({ d, timeZone }: { d: Obj; timeZone: string }) {
  const legs = objs(d.transferLegs);
  if (legs.length === 0) return null;
  return (
    <div className="mt-4">
      <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Journeys</h4>
      <ol className="mt-1 space-y-2">
        {legs.map((l, i) => {
          const sell = money(l.sell);
          const refund = isObj(l.refund) ? l.refund : null;
          return (
            <li key={i} className="rounded-lg border border-slate-200 px-3 py-2 text-sm" data-testid={`transfer-leg-${str(l.leg) ?? i}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium text-ink">{l.leg === "departure" ? "Outbound" : l.leg === "return" ? "Return" : humanize(String(l.leg ?? `Journey ${i + 1}`))}</p>
                <div className="flex items-center gap-3">
                  <BookingStateBadge state={str(l.state) ?? "unknown"} />
                  {sell ? <span className="font-medium tabular-nums">{formatMoney(sell.amountMinor, sell.currency)}</span> : null}
                </div>
              </div>
              <p className="text-slate-600">
                {str(l.pickupName)} → {str(l.dropoffName)}
                {str(l.pickupAt) ? ` · ${formatTravelTime(str(l.pickupAt)!, timeZone)}` : ""}
              </p>
              {str(l.supplierConfirmationId) ? <p className="font-mono text-xs text-slate-600">{str(l.supplierConfirmationId)}</p> : null}
              {str(l.cancelledAt) ? (
                <p className="text-slate-600">
                  Cancelled {formatInstant(str(l.cancelledAt)!, timeZone)}
                  {refund && str(refund.status) ? ` · refund: ${humanize(str(refund.status)!).toLowerCase()}` : ""}
                  {refund && money(refund) ? ` (${formatMoney(money(refund)!.amountMinor, money(refund)!.currency)})` : ""}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
