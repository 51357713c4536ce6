"use client";

import { RouteError, type RouteErrorProps } from "@/components/layout/route-error";

export default function CheckoutError(props: RouteErrorProps) {
  return (
    <RouteError title="Checkout" problem="Checkout could not be opened" link={{ href: "/search", label: "Go to search" }} {...props}>
      Something went wrong on the desk&apos;s side. Nothing was booked. Try again; if it keeps happening, tell an admin.
    </RouteError>
  );
}
