import type { AllServices } from "../services";
import type { Booking } from "./model";
import { applyMove } from "./transitions";

/**
 * Time-driven moves, applied lazily whenever a booking is read (BookingStore.get/settle):
 * a cancellation in progress finishing, a refund settling later, a hold lapsing at its
 * payment deadline. What the inventory source decides (supplier_pending) is not time-driven
 * here: refresh-status asks for it (spec: "Checks with the inventory source").
 */
export function registerLifecycle(services: AllServices): void {
  services.bookings.onSettle((b) => settle(services, b));
}

export function settle(services: Pick<AllServices, "agencies" | "clock" | "bookings">, b: Booking): Booking {
  if (b.scheduled.length === 0) return b;
  const now = services.clock.now();
  let next = b;
  for (const move of [...b.scheduled].sort((x, y) => x.at - y.at)) {
    if (move.at > now) break;
    next = applyMove(services, next, move);
  }
  return next === b ? b : services.bookings.put(next);
}
