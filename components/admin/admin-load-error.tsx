"use client";

import { RouteError, type RouteErrorProps } from "../layout/route-error";

/** An admin page whose data could not be read (its error.tsx): what failed, Try again, and the status page to check. */
export function AdminLoadError({ title, what, ...props }: RouteErrorProps & { title: string; what: string }) {
  return (
    <RouteError
      eyebrow="Administration"
      title={title}
      problem={`${what} could not be loaded`}
      link={{ href: "/admin/status", label: "Desk status", prefetch: false }}
      {...props}
    >
      The desk could not read its database. Try again in a moment; if it keeps happening, check the database on the status page.
    </RouteError>
  );
}
