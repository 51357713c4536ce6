"use client";

import { RouteError, type RouteErrorProps } from "@/components/layout/route-error";

export default function OptionsError(props: RouteErrorProps) {
  return (
    <RouteError
      eyebrow="Saved options"
      title="The options could not be shown"
      problem="Something went wrong on this page"
      link={{ href: "/search", label: "New search" }}
      {...props}
    >
      Try again; if it keeps happening, go back to the search and open the product from there.
    </RouteError>
  );
}
