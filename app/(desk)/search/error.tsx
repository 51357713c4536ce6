"use client";

import { RouteError, type RouteErrorProps } from "@/components/layout/route-error";

export default function SearchError(props: RouteErrorProps) {
  return (
    <RouteError eyebrow="Sell" title="Search" problem="The search page could not be shown" link={{ href: "/search", label: "New search" }} {...props}>
      Something went wrong while preparing the search. Try again; if it keeps happening, start a new search.
    </RouteError>
  );
}
