import type { ReactNode } from "react";
import { DeskShell } from "../desk-shell";
import "../globals.css";

// The desk's pages: header, providers and footer (app/desk-shell.tsx).
export default function DeskLayout({ children }: { children: ReactNode }) {
  return <DeskShell>{children}</DeskShell>;
}
