"use client";

import { RouteError, type RouteErrorProps } from "@/components/layout/route-error";

export default function ClientsError(props: RouteErrorProps) {
  return (
    <RouteError eyebrow="Selling" title="Clients" problem="The clients could not be shown" {...props}>
      Something went wrong on this page. Try again; if it keeps happening, tell an admin.
    </RouteError>
  );
}
