"use client";

import { RouteError, type RouteErrorProps } from "@/components/layout/route-error";

export default function BookingsError(props: RouteErrorProps) {
  return (
    <RouteError eyebrow="After sale" title="Bookings" problem="The bookings could not be shown" {...props}>
      Something went wrong on this page. Try again; if it keeps happening, tell an admin.
    </RouteError>
  );
}
