"use client";

import { RouteError, type RouteErrorProps } from "@/components/layout/route-error";

export default function BookingError(props: RouteErrorProps) {
  return (
    <RouteError
      eyebrow="Booking"
      title="The booking could not be shown"
      problem="Something went wrong on this page"
      link={{ href: "/bookings", label: "Back to bookings" }}
      {...props}
    >
      Try again; if it keeps happening, tell an admin.
    </RouteError>
  );
}
