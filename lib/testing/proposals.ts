import type { Db } from "@/lib/db";
import type { ItemSnapshot } from "@/lib/proposals/model";
import { addItem, createClient, createProposal, recordChoice, shareProposal, updateItem, type Actor } from "@/lib/proposals/store";

// Proposals for tests of what reads them (Needs attention, the overview, the booking page): made
// through the store as an advisor would, up to the client's choice.

const DAY_MS = 86_400_000;

export const hotelSnapshot = (title = "Hotel Arts Barcelona", day = new Date()): ItemSnapshot => ({
  productType: "hotel",
  title,
  subtitle: "Deluxe room, breakfast included",
  photoUrl: "https://images.example/arts.jpg",
  details: ["Breakfast for 2"],
  startsOn: new Date(day.getTime() + 30 * DAY_MS).toISOString().slice(0, 10),
  endsOn: new Date(day.getTime() + 33 * DAY_MS).toISOString().slice(0, 10),
  travellers: "2 adults",
  cancellation: "Non-refundable",
  refundable: false,
  country: "ES",
  criteria: { productType: "hotel", destination: "ES-BARCELONA" },
  match: { hotelId: "h_1", quoteId: "q_1" },
});

/**
 * A proposal of one offer, shared, whose client chose it (not booked yet): the offer costs
 * `costMinor` and is offered at `clientMinor` (the advisor's own price; the agency's markup
 * without it).
 */
export async function chosenProposal(
  db: Db,
  advisor: Actor,
  opts: { title?: string; costMinor?: number; clientMinor?: number; currency?: string; now?: Date } = {},
): Promise<{ id: string; reference: string; itemId: string }> {
  const now = opts.now ?? new Date();
  const currency = opts.currency ?? "USD";
  const client = await createClient(db, { name: "Zoé Lefèvre", email: "zoe@example.com", phone: "" }, advisor);
  const validUntil = new Date(now.getTime() + 7 * DAY_MS).toISOString().slice(0, 10);
  const p = await createProposal(db, advisor, { clientId: client.id, title: opts.title ?? "Barcelona in December", note: "", validUntil }, now);
  let made = await addItem(db, advisor, p.id, { snapshot: hotelSnapshot(undefined, now), cost: { amountMinor: opts.costMinor ?? 100_000, currency } }, { agencyCurrency: currency }, now);
  const itemId = made.items[0]!.id;
  if (opts.clientMinor !== undefined) made = await updateItem(db, advisor, p.id, itemId, { clientPriceMinor: opts.clientMinor }, { agencyCurrency: currency }, now);
  const { url } = await shareProposal(db, advisor, p.id, { send: false }, { origin: "http://desk.test" }, now);
  const chosen = await recordChoice(db, url.split("/p/")[1]!, { choice: ["g1o1"], message: "This one, please." }, now);
  if (chosen.kind !== "ok") throw new Error(`the choice was not recorded: ${chosen.kind}`);
  return { id: p.id, reference: p.reference, itemId };
}
