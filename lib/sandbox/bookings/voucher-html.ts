import { daysBetween } from "../search/draw";
import type { ActivitySummary, CancellationPolicy, FlightSummary, HotelSummary, TransferSummary } from "../search/types";
import { isCancelledState } from "./list";
import type { Booking, Traveler } from "./model";
import { guestName, roomsOf, stringField, type DocumentFacts } from "./voucher";

/*
 * The printable voucher (GET /bookings/:id/voucher/document and the email-client body): one
 * self-contained HTML page, agency-neutral, styles in the page (no external resources), A4 print rules.
 * Every text is escaped; `withoutPrices` leaves out every amount, including ones inside free text.
 */

export type RenderOptions = {
  withoutPrices: boolean;
  /** Email body: a preface with the sender, the note and how the voucher travels. */
  email?: { agencyName: string | null; note: string | null; pdfAttached: boolean };
};

const ESC: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const esc = (text: unknown) => String(text ?? "").replace(/[&<>"']/g, (ch) => ESC[ch] ?? ch);

/** A string from untrusted record fields (details, importantInformation), or null. */
const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : typeof v === "number" ? String(v) : null);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const rec = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/**
 * The sentences of a value of unknown shape (house rules, important information): strings, lists of
 * strings or of `{ title, text }`, and such lists or strings under an object's keys. Other objects
 * (structured data such as `excludedTaxes`) are not text and are left out.
 */
export function textLines(v: unknown, depth = 0): string[] {
  // Sources that send house rules as one paragraph get one bullet per sentence.
  if (typeof v === "string") return v.split(/(?<=[.!])\s+(?=[A-Z])/).map((t) => t.trim()).filter(Boolean);
  if (Array.isArray(v)) return v.flatMap((item) => (typeof item === "string" || str(rec(item)?.text) ? textLines(item, depth) : []));
  const o = rec(v);
  if (!o) return [];
  const text = str(o.text);
  const title = str(o.title);
  if (text) return [title && title !== "Good to know" ? `${title}: ${text}` : text];
  return depth === 0 ? Object.values(o).flatMap((x) => (typeof x === "string" || Array.isArray(x) ? textLines(x, 1) : [])) : [];
}

const MONEY_TEXT = /\b[A-Z]{3}\s[\d,]+|[$€£¥₹]\s?\d|\d[\d,]*\.\d{2}\b/;

const exponent = (currency: string) => {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
};
export function money(amountMinor: number, currency: string): string {
  const exp = exponent(currency);
  try {
    return new Intl.NumberFormat("en-GB", { style: "currency", currency, currencyDisplay: "code", minimumFractionDigits: exp }).format(amountMinor / 10 ** exp);
  } catch {
    return `${currency} ${(amountMinor / 10 ** exp).toFixed(exp)}`;
  }
}

const fmt = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", ...options });
const DAY = fmt({ weekday: "short", day: "numeric", month: "short", year: "numeric" });
const TIME = fmt({ hour: "2-digit", minute: "2-digit", hour12: false });
/** Dates (YYYY-MM-DD) and local times without offset are shown as written; instants in UTC. */
const parse = (text: string) => Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : /[zZ]|[+-]\d\d:\d\d$/.test(text) ? text : `${text}Z`);
const day = (text: string) => (Number.isNaN(parse(text)) ? text : DAY.format(parse(text)));
const time = (text: string) => (Number.isNaN(parse(text)) ? "" : TIME.format(parse(text)));
const instant = (text: string) => `${day(text)}, ${time(text)} UTC`;
const duration = (minutes: number) => (minutes >= 60 ? `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ""}` : `${minutes} min`);
const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace(/_/g, " ");
/** A place's name without its address (hotels are "Name, street, city"). */
const short = (place: string) => place.split(",")[0] ?? place;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const BOARDS: Record<string, string> = {
  room_only: "Room only",
  breakfast: "Breakfast included",
  half_board: "Half board (breakfast and dinner)",
  full_board: "Full board (all meals)",
  all_inclusive: "All inclusive",
};
const board = (code: string) => BOARDS[code] ?? code.replace(/_/g, " ");

/** A flight's `ticketingStatus` in words. */
const TICKETING: Record<string, string> = { ticketed: "Ticketed", pending: "Being issued", not_ticketed: "Not ticketed", voided: "Voided" };

const STATUS: Record<string, { label: string; tone: "ok" | "warn" | "bad" }> = {
  confirmed: { label: "Confirmed", tone: "ok" },
  cancellation_pending: { label: "Cancellation in progress", tone: "warn" },
  cancelled: { label: "Cancelled", tone: "bad" },
  refunded: { label: "Cancelled · refunded", tone: "bad" },
};

type Ctx = { b: Booking; facts: DocumentFacts; opts: RenderOptions; prices: boolean };
type Row = [label: string, value: string];

// ---------- building blocks (arguments are already-escaped HTML unless named `text`) ----------

const section = (title: string, body: string, cls = "") => (body ? `<section class="block ${cls}"><h2>${esc(title)}</h2>${body}</section>` : "");
const list = (items: string[]) => (items.length ? `<ul class="bullets">${items.map((i) => `<li>${esc(i)}</li>`).join("")}</ul>` : "");
const pairs = (rows: Row[]) =>
  rows.length ? `<dl class="pairs">${rows.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${v}</dd></div>`).join("")}</dl>` : "";
const fact = (label: string, value: string, sub = "") =>
  `<div class="fact"><div class="label">${esc(label)}</div><div class="value">${esc(value)}</div>${sub ? `<div class="sub">${esc(sub)}</div>` : ""}</div>`;
const code = (text: string) => `<span class="mono">${esc(text)}</span>`;

function partyText(travelers: Traveler[]): string {
  const children = travelers.filter((t) => t.type === "child").length;
  const adults = travelers.length - children;
  return [plural(adults, "adult"), children ? plural(children, "child", "children") : ""].filter(Boolean).join(", ");
}

function travellerLine(t: Traveler): string {
  return `${esc(guestName(t))}${t.type === "child" ? ` <span class="muted">(child${t.age !== undefined ? `, ${t.age}` : ""})</span>` : ""}`;
}

/** Plain-words cancellation timeline; steps already passed are greyed. */
function cancellation(ctx: Ctx, p: CancellationPolicy): string {
  const { b, prices, facts } = ctx;
  const amount = (minor: number, currency: string) => (prices ? money(minor, currency) : "");
  const lines: Array<{ tone: "ok" | "warn" | "bad" | "info"; text: string; passed?: boolean }> = [];
  const c = b.cancellation;
  if (isCancelledState(b.state)) {
    lines.push({ tone: "bad", text: `This booking was cancelled${c ? ` on ${instant(c.requestedAt)}` : ""}. It is no longer valid for travel.` });
    if (c?.refundStatus === "refunded" || b.state === "refunded") {
      lines.push({ tone: "info", text: `A refund${prices && c?.refundAmountMinor ? ` of ${amount(c.refundAmountMinor, b.totalSell.currency)}` : ""} ${b.state === "refunded" ? "has been issued" : "is being processed"}.` });
    } else if (c?.refundStatus === "no_refund_due") lines.push({ tone: "info", text: "Under the cancellation policy no refund was due." });
    else if (c?.refundStatus === "manual_review") lines.push({ tone: "info", text: "The refund is being reviewed; you will hear from us." });
  } else if (!p.refundable) {
    lines.push({ tone: "bad", text: "Non-refundable: this booking cannot be cancelled for a refund." });
  } else if (p.deadlinesWithheld || p.deadlines.length === 0) {
    lines.push({ tone: "warn", text: "Cancellation is possible, but the supplier has not published its deadlines: contact us before cancelling." });
  } else {
    // Deadlines charging nothing are free time; free cancellation ends at the first that charges,
    // and there is none when nights or amounts are kept whatever the date.
    const steps = p.deadlines.filter((d) => d.amountMinor !== 0).sort((x, y) => Date.parse(x.from) - Date.parse(y.from));
    const first = steps[0];
    const kept = (p.nonrefundableDateRanges?.length ?? 0) > 0 || (p.perStayAmountsNonRefundable ?? []).some((m) => m.amountMinor !== 0);
    if (kept) {
      lines.push({ tone: "bad", text: "No free cancellation: part of this booking is non-refundable whatever the date." });
    } else if (first && Date.parse(first.from) > Date.parse(b.createdAt)) {
      // A first charge from the moment of booking leaves no free window to mention.
      lines.push({ tone: "ok", text: `Free cancellation until ${instant(first.from)}.`, passed: Date.parse(first.from) <= facts.now });
    }
    steps.forEach((d, i) => {
      const full = d.amountMinor >= b.totalSell.amountMinor;
      const text = full
        ? `From ${instant(d.from)}: non-refundable${prices ? ` (cancelling costs the full ${amount(d.amountMinor, d.currency)})` : ""}.`
        : `From ${instant(d.from)}: ${prices ? `cancelling costs ${amount(d.amountMinor, d.currency)}` : "a cancellation fee applies"}.`;
      // A step has passed once the next one has started.
      const next = steps[i + 1];
      lines.push({ tone: full ? "bad" : "warn", text, passed: !!next && Date.parse(next.from) <= facts.now });
    });
    for (const r of p.nonrefundableDateRanges ?? []) lines.push({ tone: "bad", text: `The nights from ${day(r.start)} to ${day(r.end)} are non-refundable.` });
    if (prices) for (const m of p.perStayAmountsNonRefundable ?? []) lines.push({ tone: "bad", text: `${money(m.amountMinor, m.currency)} of the price is non-refundable.` });
  }
  return `<ol class="timeline">${lines
    .map((l) => `<li class="${l.tone}${l.passed ? " passed" : ""}"><span class="dot"></span><span>${esc(l.text)}${l.passed ? ' <span class="muted">(passed)</span>' : ""}</span></li>`)
    .join("")}</ol>`;
}

/** The record's display lines (labels say what is not included), then the total charged. */
function priceSummary(ctx: Ctx): string {
  if (!ctx.prices) return "";
  const { b } = ctx;
  const currency = str(b.priceSummary.currency) ?? b.totalSell.currency;
  const lines = arr(b.priceSummary.lines).flatMap((l) => {
    const o = rec(l);
    const label = str(o?.label);
    return o && label && typeof o.amountMinor === "number" ? [{ label, amount: money(o.amountMinor, str(o.currency) ?? currency) }] : [];
  });
  // Lines outside the total (taxes paid at the property) follow it, in small print.
  const outside = (l: { label: string }) => /not included/i.test(l.label);
  const row = (l: { label: string; amount: string }, cls = "") => `<tr class="${cls}"><td>${esc(l.label)}</td><td class="num">${esc(l.amount)}</td></tr>`;
  const total = row({ label: `Total ${b.payments.some((p) => p.kind === "charge") ? "paid" : "price"}`, amount: money(b.totalSell.amountMinor, b.totalSell.currency) }, "total");
  return section(
    "Price summary",
    `<table class="prices">${lines.filter((l) => !outside(l)).map((l) => row(l)).join("")}${total}${lines.filter(outside).map((l) => row(l, "note")).join("")}</table>`,
  );
}

function goodToKnow(ctx: Ctx, extra: string[]): string {
  // Sentence by sentence, so a comment that is also among the house rules shows once.
  const lines = [...extra.flatMap((e) => textLines(e)), ...textLines(ctx.b.importantInformation)];
  const shown = [...new Set(lines)].filter((l) => ctx.prices || !MONEY_TEXT.test(l));
  return section("Good to know", list(shown), shown.length > 5 ? "two-col" : "");
}

function leadContact(b: Booking): string {
  const lead = b.travelers[0];
  if (!lead) return "";
  const rows: Row[] = [["Name", esc(guestName(lead))]];
  if (lead.email) rows.push(["Email", esc(lead.email)]);
  if (lead.phone) rows.push(["Phone", esc(lead.phone)]);
  return section("Lead traveller", pairs(rows));
}

function supplierVouchers(details: Record<string, unknown>): Row[] {
  return arr(details.supplierVouchers).flatMap((v, i): Row[] => {
    const o = rec(v);
    const ref = str(v) ?? str(o?.voucherRef) ?? str(o?.reference) ?? str(o?.code);
    const note = [str(o?.format), str(o?.status) === "issued" ? null : str(o?.status)].filter(Boolean).join(", ");
    return ref ? [[`Supplier voucher${i ? ` ${i + 1}` : ""}`, `${code(ref)}${note ? ` <span class="muted">(${esc(note)})</span>` : ""}`]] : [];
  });
}

// ---------- per product ----------

type Body = { kind: string; title: string; subtitle: string; place: string; facts: string[]; blocks: string[]; rules: string[] };

/** Check-in and check-out times from house rules in any of the sources' shapes. */
function times(rules: unknown, side: "checkin" | "checkout"): string | null {
  if (typeof rules === "string") return rules.replace(/^check-(in|out)\s*/i, "");
  const o = rec(rules);
  if (!o) return null;
  if (side === "checkin") {
    const from = str(o.beginTime) ?? str(o.from);
    const until = str(o.endTime) ?? str(o.until);
    return from ? `from ${from}${until && until !== "anytime" ? ` until ${until}` : ""}` : null;
  }
  const by = str(o.time) ?? str(o.before);
  return by ? `until ${by}` : null;
}

function hotel(ctx: Ctx): Body {
  const { b, facts } = ctx;
  const s = b.summary as HotelSummary;
  const h = b.bookedHotel;
  const details = b.lineItems[0]?.details ?? {};
  const { checkIn, checkOut } = b.firstItem;
  const nights = Math.max(1, daysBetween(checkIn, checkOut));
  const rooms = roomsOf(b);
  const checkinRule = facts.rules ? rec(facts.rules.checkin) : null;
  const inText = facts.rules ? times(facts.rules.checkin, "checkin") : null;
  const outText = facts.rules ? times(facts.rules.checkout, "checkout") : null;
  const stars = h?.starRating ?? s.starRating;

  const refs: Row[] = [["Booking reference", code(b.orderRef)]];
  const supplierRef = b.lineItems[0]?.supplierConfirmationId;
  if (supplierRef) refs.push(["Supplier reference", code(supplierRef)]);
  const hotelRefs = arr(details.hotelConfirmationRefs).map(str).filter((r): r is string => r !== null);
  const hotelRef = stringField(details, "hotelConfirmationRef");
  if (hotelRefs.length) hotelRefs.forEach((r, i) => refs.push([`Hotel reference, room ${i + 1}`, code(r)]));
  else if (hotelRef) refs.push(["Hotel reference", code(hotelRef)]);
  const number = stringField(details, "hotelConfirmationNumber");
  if (number) refs.push(["Hotel confirmation number", code(number)]);

  const roomRows = rooms
    .map(
      (guests, i) =>
        `<tr><td class="idx">${i + 1}</td><td><strong>${esc(s.roomName)}</strong><div class="muted">${esc(board(s.boardBasis))}</div>${
          hotelRefs[i] ? `<div class="muted">Hotel reference ${code(hotelRefs[i])}</div>` : ""
        }</td><td>${guests.map(travellerLine).join("<br>")}</td></tr>`,
    )
    .join("");
  const taxes = (s.excludedTaxes ?? []).map(
    (t) => `${t.name}${ctx.prices ? `: ${money(t.amountMinor, t.currency)}` : ""}, payable at the property${ctx.prices ? "" : " in local currency"}`,
  );
  const requests = [
    ...textLines(details.specialRequest),
    ...arr(details.rooms).flatMap((r, i) => textLines(rec(r)?.specialRequest).map((t) => (rooms.length > 1 ? `Room ${i + 1}: ${t}` : t))),
    ...arr(details.rooms).flatMap((r, i) => (rec(r)?.smoking === true ? [`Room ${i + 1}: smoking room requested`] : [])),
  ];
  const instructions = checkinRule ? [...textLines(checkinRule.instructions), ...textLines(checkinRule.specialInstructions)] : [];
  const minAge = checkinRule && typeof checkinRule.minAge === "number" ? [`Guests must be ${checkinRule.minAge} or older to check in.`] : [];

  return {
    kind: "Hotel voucher",
    title: h?.name ?? s.hotelName,
    subtitle: `${"★".repeat(Math.floor(stars))}${stars % 1 ? "½" : ""}|${stars}-star${s.neighborhoodName ? ` · ${s.neighborhoodName}` : ""}`,
    place: h ? [h.address, h.address.endsWith(h.city) ? "" : h.city, h.country].filter(Boolean).join(", ") : s.cityName,
    facts: [
      fact("Check-in", day(checkIn), inText ?? ""),
      fact("Check-out", day(checkOut), outText ?? ""),
      fact("Stay", plural(nights, "night"), plural(rooms.length, "room")),
      fact("Guests", partyText(b.travelers), board(s.boardBasis)),
    ],
    blocks: [
      `<div class="cols">${section("Confirmation numbers", pairs(refs), "refs")}${leadContact(b)}</div>`,
      section("Rooms and guests", `<table class="rooms"><thead><tr><th>#</th><th>Room and board</th><th>Guests</th></tr></thead><tbody>${roomRows}</tbody></table>`),
      section("Payable at the property", list(taxes)),
      section("Special requests", requests.length ? `${list(requests)}<p class="muted">Requests are passed on to the property and depend on availability.</p>` : ""),
    ],
    rules: [...instructions, ...minAge, ...(facts.rules ? textLines(facts.rules.policies) : []), ...(s.rateComments ? [s.rateComments] : [])],
  };
}

function flight(ctx: Ctx): Body {
  const { b } = ctx;
  const s = b.summary as FlightSummary;
  const details = b.lineItems[0]?.details ?? {};
  const first = s.slices[0];
  const last = s.slices[s.slices.length - 1];
  const round = s.slices.length === 2 && first?.origin === last?.destination;
  const city = (code: string) => ctx.facts.cities[code] ?? code;
  const codes = round ? [first?.origin ?? "", first?.destination ?? ""] : s.slices.map((x) => x.origin).concat(last ? [last.destination] : []);
  const route = codes.map(city).join(round ? " ⇄ " : " → ");

  const refs: Row[] = [["Booking reference", code(b.orderRef)]];
  const airlinePnr = b.lineItems[0]?.supplierConfirmationId ?? stringField(details, "airlinePnr");
  if (airlinePnr) refs.push(["Airline booking reference", code(airlinePnr)]);
  const pnr = stringField(details, "pnr");
  if (pnr) refs.push(["Reservation (PNR)", code(pnr)]);
  const status = stringField(details, "ticketingStatus");
  if (status) refs.push(["Ticket status", esc(TICKETING[status] ?? cap(status))]);

  const slices = s.slices
    .map((slice, i) => {
      const label = round ? (i === 0 ? "Outbound" : "Return") : s.slices.length > 1 ? `Flight ${i + 1}` : "Flight";
      const segs = slice.segments
        .map(
          (g) =>
            `<tr><td>${code(g.flightNumber)}<div class="muted">${esc(g.airline)}</div></td><td><strong>${esc(time(g.departAt))}</strong> ${esc(g.origin)}<div class="muted">${esc(day(g.departAt))}</div></td><td><strong>${esc(time(g.arriveAt))}</strong> ${esc(g.destination)}<div class="muted">${esc(day(g.arriveAt))}</div></td><td>${esc(duration(g.durationMinutes))}<div class="muted">${esc(g.aircraft)}</div></td></tr>`,
        )
        .join("");
      return `<h3>${esc(label)} · ${esc(day(slice.departAt))} · ${esc(slice.stops ? plural(slice.stops, "stop") : "non-stop")}, ${esc(duration(slice.durationMinutes))}</h3><table class="legs"><thead><tr><th>Flight</th><th>Departs</th><th>Arrives</th><th>Duration</th></tr></thead><tbody>${segs}</tbody></table>`;
    })
    .join("");

  const tickets = arr(details.tickets).map(rec);
  const paxRows = b.travelers
    .map((t, i) => {
      const names = [`${t.firstName} ${t.lastName}`, `${t.lastName}/${t.firstName}`].map((n) => n.toLowerCase());
      const ticket = tickets.find((k) => names.includes(str(k?.name)?.toLowerCase() ?? "")) ?? (tickets.length === b.travelers.length ? tickets[i] : null);
      return `<tr><td>${travellerLine(t)}</td><td>${ticket && str(ticket.ticketNo) ? code(str(ticket.ticketNo) ?? "") : '<span class="muted">to be issued</span>'}</td><td>${
        ticket && str(ticket.airlinePnr) ? code(str(ticket.airlinePnr) ?? "") : airlinePnr ? code(airlinePnr) : ""
      }</td></tr>`;
    })
    .join("");

  return {
    kind: "Flight itinerary",
    title: route,
    subtitle: `${s.airline}|${cap(s.cabinClass)} · ${s.fareName} fare`,
    place: `${round ? "Return trip" : s.slices.length > 1 ? "Multi-city trip" : "One way"} · ${codes.join(round ? " ⇄ " : " → ")}`,
    facts: [
      fact("Departure", first ? day(first.departAt) : b.firstItem.checkIn, first ? `${time(first.departAt)} from ${first.origin}` : ""),
      fact(round ? "Return" : "Arrival", last ? day(round ? last.departAt : last.arriveAt) : b.firstItem.checkOut, last ? (round ? `${time(last.departAt)} from ${last.origin}` : `${time(last.arriveAt)} at ${last.destination}`) : ""),
      fact("Passengers", partyText(b.travelers), cap(s.cabinClass)),
      fact("Baggage", `${plural(s.baggage.checked, "checked bag")}`, `${plural(s.baggage.carryOn, "carry-on bag")} per person`),
    ],
    blocks: [
      `<div class="cols">${section("Confirmation numbers", pairs(refs), "refs")}${leadContact(b)}</div>`,
      section("Itinerary", slices),
      section("Passengers and tickets", `<table class="rooms"><thead><tr><th>Passenger</th><th>Ticket number</th><th>Airline reference</th></tr></thead><tbody>${paxRows}</tbody></table>`),
    ],
    rules: [
      "Check in online or at the airport; bring the passport used for this booking.",
      s.changeable ? "Changes are possible for a fee plus any fare difference." : "This fare cannot be changed.",
    ],
  };
}

function activity(ctx: Ctx): Body {
  const { b, facts } = ctx;
  const s = b.summary as ActivitySummary;
  const details = b.lineItems[0]?.details ?? {};
  const refs: Row[] = [["Booking reference", code(b.orderRef)]];
  const supplierRef = b.lineItems[0]?.supplierConfirmationId;
  if (supplierRef) refs.push(["Operator reference", code(supplierRef)]);
  refs.push(...supplierVouchers(details));
  const a = facts.activity;
  return {
    kind: "Activity voucher",
    title: s.activityName,
    subtitle: `${s.modality}|${cap(s.category)}`,
    place: [s.cityName, facts.country].filter(Boolean).join(", "),
    facts: [
      fact("Date", day(s.date)),
      fact("Start time", s.sessionStartTime ?? "Open", s.sessionStartTime ? "local time" : "any time that day"),
      fact("Duration", s.durationMinutes >= 1440 ? plural(Math.round(s.durationMinutes / 1440), "day") : duration(s.durationMinutes)),
      fact("Participants", partyText(b.travelers)),
    ],
    blocks: [
      `<div class="cols">${section("Confirmation numbers", pairs(refs), "refs")}${leadContact(b)}</div>`,
      a ? section("Meeting point", `<p>${esc(a.meetingPoint)}</p>`) : "",
      a ? `<div class="cols">${section("Included", list(a.inclusions))}${section("Not included", list(a.exclusions))}</div>` : "",
      section("Participants", `<p>${b.travelers.map(travellerLine).join("<br>")}</p>`),
    ],
    rules: ["Show this voucher (printed or on a phone) to the operator.", "Arrive 15 minutes before the start time."],
  };
}

function transfer(ctx: Ctx): Body {
  const { b } = ctx;
  const s = b.summary as TransferSummary;
  const details = b.lineItems[0]?.details ?? {};
  const lead = b.travelers[0];
  const refs: Row[] = [["Booking reference", code(b.orderRef)]];
  const supplierRef = b.lineItems[0]?.supplierConfirmationId;
  if (supplierRef) refs.push(["Operator reference", code(supplierRef)]);
  refs.push(...supplierVouchers(details));
  const stored = arr(details.transferLegs).map(rec).filter((l): l is Record<string, unknown> => l !== null);
  const legs = stored.length
    ? stored.map((l) => ({ dir: str(l.leg) ?? str(l.direction) ?? "", at: str(l.pickupAt) ?? "", from: str(l.pickupName) ?? "", to: str(l.dropoffName) ?? "", ref: str(l.supplierConfirmationId), state: str(l.state) }))
    : [
        { dir: "outbound", at: s.pickupAt, from: s.pickupName, to: s.dropoffName, ref: null, state: null },
        ...(s.returnAt ? [{ dir: "return", at: s.returnAt, from: s.dropoffName, to: s.pickupName, ref: null, state: null }] : []),
      ];
  const legRows = legs
    .map(
      (l) =>
        `<tr><td><strong>${esc(l.dir === "return" ? "Return" : "Outbound")}</strong>${l.state && l.state !== "confirmed" ? `<div class="muted">${esc(l.state.replace(/_/g, " "))}</div>` : ""}</td><td><strong>${esc(time(l.at))}</strong><div class="muted">${esc(day(l.at))}</div></td><td>${esc(l.from)}</td><td>${esc(l.to)}</td><td>${l.ref ? code(l.ref) : ""}</td></tr>`,
    )
    .join("");
  const flightNo = lead?.flightNumber ? `${lead.carrierName ? `${lead.carrierName} ` : ""}${lead.flightNumber}` : null;
  return {
    kind: "Transfer voucher",
    title: `${short(s.pickupName)} → ${short(s.dropoffName)}`,
    subtitle: `${s.vehicle}|${s.serviceType === "shared" ? "Shared shuttle" : "Private transfer"}${s.tripType === "round" || s.returnAt ? " · return" : ""}`,
    place: `${s.distanceKm} km, about ${duration(s.durationMinutes)}`,
    facts: [
      fact("Pickup", day(s.pickupAt), time(s.pickupAt)),
      fact(s.returnAt ? "Return" : "Arrival", s.returnAt ? day(s.returnAt) : `about ${duration(s.durationMinutes)}`, s.returnAt ? time(s.returnAt) : "after pickup"),
      fact("Vehicle", s.vehicle, `up to ${plural(s.capacity, "passenger")}`),
      fact("Passengers", partyText(b.travelers), plural(s.luggageCapacity, "suitcase") + " max"),
    ],
    blocks: [
      `<div class="cols">${section("Confirmation numbers", pairs(refs), "refs")}${leadContact(b)}</div>`,
      section("Journey", `<table class="legs"><thead><tr><th>Leg</th><th>Pickup time</th><th>From</th><th>To</th><th>Reference</th></tr></thead><tbody>${legRows}</tbody></table>`),
      `<div class="cols">${section("Passengers", `<p>${b.travelers.map(travellerLine).join("<br>")}</p>`)}${flightNo ? section("Flight details", pairs([["Flight", code(flightNo)]])) : ""}</div>`,
    ],
    rules: [
      s.meetAndGreet ? "Your driver waits in the arrivals hall with a sign showing the lead traveller's name." : "Wait at the pickup point at the time shown; the driver will look for the lead traveller's name.",
      s.flightDetailsRequired ? "The pickup time follows your flight's actual arrival; tell us if your flight changes." : "Please be ready 10 minutes before the pickup time.",
    ],
  };
}

const STYLE = `
*{box-sizing:border-box}
html{background:#eef1f4}
body{margin:0;font:14px/1.5 "Helvetica Neue",Helvetica,Arial,"Segoe UI",sans-serif;color:#1c2430;-webkit-print-color-adjust:exact;print-color-adjust:exact}
.sheet{max-width:820px;margin:24px auto;background:#fff;padding:36px 44px 28px;border-radius:6px;box-shadow:0 1px 4px rgba(16,24,40,.12)}
.top{display:flex;justify-content:space-between;align-items:flex-start;gap:24px;padding-bottom:18px;border-bottom:3px solid #0f5c8c}
.kind{font-size:12px;letter-spacing:.14em;text-transform:uppercase;color:#0f5c8c;font-weight:700}
.issued{color:#5b6675;font-size:12px;margin-top:4px}
.ref{text-align:right}
.ref .label,.fact .label,dt{font-size:11px;letter-spacing:.08em;text-transform:uppercase;color:#5b6675}
.ref .code{font:700 22px/1.2 ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace;letter-spacing:.04em;margin:2px 0 6px}
.pill{display:inline-block;padding:2px 10px;border-radius:999px;font-size:12px;font-weight:700}
.pill.ok{background:#e3f4ea;color:#1e7b4f}.pill.warn{background:#fdf1dc;color:#8a5a00}.pill.bad{background:#fde8e7;color:#b42318}
.banner{margin:18px 0 0;padding:12px 16px;border-radius:6px;background:#fde8e7;color:#b42318;font-weight:700;border:1px solid #f5c2bf}
.email{margin:18px 0 0;padding:14px 16px;border-left:4px solid #0f5c8c;background:#f4f8fb}
.email p{margin:0 0 8px}.email p:last-child{margin:0}
.hero{padding:20px 0 6px}
h1{font-size:26px;line-height:1.2;margin:0 0 6px}
.sub-title{color:#5b6675}.stars{color:#c08a00;letter-spacing:2px;margin-right:8px}
.place{margin-top:2px}
.facts{display:grid;grid-template-columns:repeat(4,1fr);gap:10px;margin:16px 0 6px}
.fact{border:1px solid #dfe3e8;border-radius:6px;padding:10px 12px;background:#f8fafb}
.fact .value{font-size:16px;font-weight:700;margin-top:2px}
.fact .sub{color:#5b6675;font-size:12px}
.block{margin-top:20px;break-inside:avoid;page-break-inside:avoid}
h2{font-size:13px;letter-spacing:.1em;text-transform:uppercase;color:#0f5c8c;margin:0 0 8px;padding-bottom:4px;border-bottom:1px solid #dfe3e8;break-after:avoid;page-break-after:avoid}
h3{font-size:14px;margin:12px 0 6px}
.cols{display:grid;grid-template-columns:1fr 1fr;gap:24px}.cols>.block{margin-top:20px}
.pairs{margin:0}.pairs div{display:flex;justify-content:space-between;gap:16px;padding:5px 0;border-bottom:1px dotted #dfe3e8}
dd{margin:0;text-align:right;font-weight:600}
.mono{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace;letter-spacing:.03em}
.muted{color:#5b6675;font-weight:400;font-size:12px}
table{width:100%;border-collapse:collapse}
th{text-align:left;font-size:11px;letter-spacing:.08em;text-transform:uppercase;color:#5b6675;font-weight:600;padding:6px 8px;border-bottom:1px solid #dfe3e8}
td{padding:8px;border-bottom:1px solid #eef1f4;vertical-align:top}
tr{break-inside:avoid;page-break-inside:avoid}
td.idx{width:28px;color:#5b6675;font-weight:700}
.num{text-align:right;white-space:nowrap}
.prices td{padding:6px 8px}.prices .total td{font-weight:700;font-size:16px;border-top:2px solid #1c2430;border-bottom:none}
.prices .note td{color:#5b6675;font-size:12px;border:none}
.bullets{margin:0;padding-left:18px}.bullets li{margin:3px 0;break-inside:avoid}
.two-col .bullets{columns:2;column-gap:32px}.two-col .bullets li{margin:0 0 5px}
.timeline{list-style:none;margin:0;padding:0}
.timeline li{display:flex;gap:10px;align-items:baseline;padding:4px 0}
.timeline .dot{flex:none;width:10px;height:10px;border-radius:50%;background:#5b6675;transform:translateY(1px)}
.timeline .ok .dot{background:#1e7b4f}.timeline .warn .dot{background:#d99a00}.timeline .bad .dot{background:#b42318}.timeline .info .dot{background:#0f5c8c}
.timeline .passed{color:#8a94a3}
footer{margin-top:28px;padding-top:12px;border-top:1px solid #dfe3e8;color:#5b6675;font-size:12px;display:flex;justify-content:space-between;gap:16px}
p{margin:0}
@page{size:A4;margin:14mm 12mm}
@media print{html{background:#fff}body{font-size:12px}.sheet{margin:0;max-width:none;padding:0;box-shadow:none;border-radius:0}
.top{padding-bottom:10px}.hero{padding:12px 0 2px}h1{font-size:22px}.facts{margin:10px 0 2px;break-inside:avoid}.fact{padding:6px 10px}.fact .value{font-size:14px}
.block,.cols>.block{margin-top:12px}td{padding:4px 8px}.pairs div{padding:3px 0}.timeline li{padding:2px 0}footer{margin-top:16px;break-inside:avoid}}
@media (max-width:640px){.two-col .bullets{columns:1}.sheet{padding:20px}.facts{grid-template-columns:1fr 1fr}.cols{grid-template-columns:1fr}.top{flex-direction:column}.ref{text-align:left}}
`;

const BODIES: Record<Booking["productType"], (ctx: Ctx) => Body> = { hotel, flight, activity, transfer };

export function renderVoucherHtml(b: Booking, facts: DocumentFacts, opts: RenderOptions): string {
  const ctx: Ctx = { b, facts, opts, prices: !opts.withoutPrices };
  const body = BODIES[b.productType](ctx);
  const status = STATUS[b.state] ?? { label: b.state.replace(/_/g, " "), tone: "warn" as const };
  const [subA = "", subB = ""] = body.subtitle.split("|");
  const subtitle = b.productType === "hotel" ? `<span class="stars" aria-hidden="true">${esc(subA)}</span>${esc(subB)}` : `${esc(subA)}${subB ? ` · ${esc(subB)}` : ""}`;
  const email = opts.email;
  const paragraphs = (text: string) => text.split(/\n{2,}/).map((p) => `<p>${esc(p).replace(/\n/g, "<br>")}</p>`).join("");
  const preface = email
    ? `<div class="email">${email.note ? paragraphs(email.note) : `<p>Dear ${esc(b.travelers[0]?.firstName ?? "traveller")}, here are the details of your booking.</p>`}<p class="muted">${
        email.pdfAttached ? "Your voucher is attached as a PDF and shown below." : "Your voucher is shown below; print this email or show it on your phone."
      }${email.agencyName ? ` Sent by ${esc(email.agencyName)}.` : ""}</p></div>`
    : "";
  const cancelled = isCancelledState(b.state)
    ? `<div class="banner">${b.state === "cancellation_pending" ? "Cancellation in progress" : "Cancelled"}: this booking is not valid for travel.</div>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(`${body.kind} ${b.orderRef} · ${body.title}`)}</title><style>${STYLE}</style></head>
<body><main class="sheet">
<header class="top"><div><div class="kind">${esc(body.kind)}</div><div class="issued">Issued ${esc(instant(facts.issuedAt))}</div></div>
<div class="ref"><div class="label">Booking reference</div><div class="code">${esc(b.orderRef)}</div><span class="pill ${status.tone}">${esc(status.label)}</span></div></header>
${preface}${cancelled}
<section class="hero"><h1>${esc(body.title)}</h1><div class="sub-title">${subtitle}</div><div class="place">${esc(body.place)}</div></section>
<div class="facts">${body.facts.join("")}</div>
${body.blocks.join("\n")}
${section("Cancellation policy", cancellation(ctx, b.cancellationPolicy))}
${goodToKnow(ctx, body.rules)}
${priceSummary(ctx)}
<footer><span>Show this voucher, printed or on a phone, when you arrive. Names must match the travellers' ID.</span><span class="mono">${esc(b.orderRef)}</span></footer>
</main></body></html>`;
}
