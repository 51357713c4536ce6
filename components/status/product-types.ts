import { BedDouble, Car, Package, Plane, Ticket, type LucideIcon } from "lucide-react";

/** The product types the specification names, in the order the desk shows them. */
export const KNOWN_PRODUCT_TYPES = ["hotel", "flight", "activity", "transfer"] as const;

const meta: Record<string, { label: string; singular: string; description: string; Icon: LucideIcon }> = {
  hotel: { label: "Hotels", singular: "Hotel", description: "Rooms, boards and stays", Icon: BedDouble },
  flight: { label: "Flights", singular: "Flight", description: "One-way, return and multi-city", Icon: Plane },
  activity: { label: "Activities", singular: "Activity", description: "Tours, tickets and experiences", Icon: Ticket },
  transfer: { label: "Transfers", singular: "Transfer", description: "Airport and city rides", Icon: Car },
};

/** Label and icon of a product type; a type the service adds later still gets a sensible one. */
export function productTypeMeta(type: string) {
  return (
    meta[type] ?? {
      label: type.replace(/[_-]+/g, " ").replace(/^\w/, (c) => c.toUpperCase()),
      singular: type.replace(/[_-]+/g, " ").replace(/^\w/, (c) => c.toUpperCase()),
      description: "Offered by the service",
      Icon: Package,
    }
  );
}
