"use client";

import { RouteError, type RouteErrorProps } from "@/components/layout/route-error";

export default function AttentionError(props: RouteErrorProps) {
  return (
    <RouteError title="Needs attention" problem="Needs attention could not be shown" {...props}>
      Something went wrong on this page. Try again; if it keeps happening, tell an admin.
    </RouteError>
  );
}
