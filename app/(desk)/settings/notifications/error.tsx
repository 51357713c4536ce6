"use client";

import { RouteError, type RouteErrorProps } from "@/components/layout/route-error";

export default function NotificationSettingsError(props: RouteErrorProps) {
  return (
    <RouteError eyebrow="Settings" title="Notifications" problem="Your notification settings could not be loaded" {...props}>
      The desk could not read its database. Try again in a moment; the bell still shows what the desk tells you.
    </RouteError>
  );
}
