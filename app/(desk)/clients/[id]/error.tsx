"use client";

import { RouteError, type RouteErrorProps } from "@/components/layout/route-error";

export default function ClientError(props: RouteErrorProps) {
  return (
    <RouteError eyebrow="Client" title="The client could not be shown" problem="Something went wrong on this page" link={{ href: "/clients", label: "Back to clients" }} {...props}>
      Try again; if it keeps happening, tell an admin.
    </RouteError>
  );
}
