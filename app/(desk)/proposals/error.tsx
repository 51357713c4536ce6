"use client";

import { RouteError, type RouteErrorProps } from "@/components/layout/route-error";

export default function ProposalsError(props: RouteErrorProps) {
  return (
    <RouteError eyebrow="Selling" title="Proposals" problem="The proposals could not be shown" {...props}>
      Something went wrong on this page. Try again; if it keeps happening, tell an admin.
    </RouteError>
  );
}
