import { expect } from "vitest";
import type { CallResult, TestSandbox } from "./sandbox";
import { generateBookings } from "../sandbox/bookings/generate";
import type { Booking } from "../sandbox/bookings/model";

/** Read-side tests' helpers (imported by tests only): an agency with generated bookings, calls that stay inside rate limits. */
export async function readKit(sb: TestSandbox, count: number, name = "Read Side Travel") {
  const made = await sb.control<{ agencyId: string }>("POST", "/agencies", { name });
  const agencyId = made.body.data.agencyId;
  const newKey = async (agency = agencyId) => (await sb.control<{ key: string }>("POST", `/agencies/${agency}/keys`, {})).body.data.key;
  let key = await newKey();
  let calls = 0;
  if (count > 0) generateBookings(sb.services, agencyId, count);

  /** A fresh key every 9 calls keeps every bucket clear (email-client allows 10 a minute). */
  async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<CallResult<T>> {
    if (++calls > 9) {
      key = await newKey();
      calls = 1;
    }
    return sb.call<T>(method, `/api/v1${path}`, { body, key });
  }

  const day = (n: number) => new Date(Date.parse(`${sb.services.clock.today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  /** The agency's bookings as stored, oldest first. */
  const all = (): Booking[] => [...sb.services.bookings.forAgency(agencyId)];
  /**
   * The first stored booking that matches. Generation is random per agency, so a rare shape (a
   * confirmed round-trip transfer, say) can be missing from one store: then more bookings are
   * generated, a few rounds at most, rather than failing a test on the luck of the draw.
   */
  const find = (pred: (b: Booking) => boolean): Booking => {
    for (let round = 0; ; round++) {
      const b = all().find(pred);
      if (b) return b;
      if (round === 10) throw new Error("no generated booking matches");
      generateBookings(sb.services, agencyId, 40);
    }
  };
  /** Rewrites a stored booking (what a test needs that generation did not give). */
  const patch = (b: Booking, change: Partial<Booking>): Booking => sb.services.bookings.put({ ...b, ...change });

  return { agencyId, call, newKey, day, all, find, patch, key: () => key };
}

/** The envelope of an error, compared whole. */
export const errorBody = (code: string, details: unknown[] = []) => ({ data: null, meta: {}, error: { code, message: expect.any(String), details } });
export const detail = (path: string) => ({ path, message: expect.any(String) });
