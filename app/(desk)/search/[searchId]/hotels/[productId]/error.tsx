"use client";

import { RouteError, type RouteErrorProps } from "@/components/layout/route-error";

export default function HotelError(props: RouteErrorProps) {
  return (
    <RouteError
      eyebrow="Hotel"
      title="This hotel could not be shown"
      problem="Something went wrong while opening this page"
      link={{ href: "/search", label: "Back to search" }}
      {...props}
    >
      Try again; if it keeps happening, go back to the search and open the hotel from its results.
    </RouteError>
  );
}
