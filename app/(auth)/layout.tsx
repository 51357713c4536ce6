import type { ReactNode } from "react";
import { DeskShell } from "../desk-shell";

// Sign-in and invites: the same desk around them as the desk's pages (app/desk-shell.tsx).
export default function AuthLayout({ children }: { children: ReactNode }) {
  return <DeskShell>{children}</DeskShell>;
}
