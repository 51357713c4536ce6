import type { Metadata, Viewport } from "next";
import { connection } from "next/server";

// The document every page shares, and nothing more: whatever a root layout imports is loaded on
// every page, the client's proposal page (app/p) included, which must stay in the agency's name
// and light (issue 29: ≤ 30 KB gzip of JS over a bare Next page, LCP ≤ 2.0 s). Not even a
// stylesheet: the desk's (app/globals.css) is imported by app/(desk)/layout.tsx and
// app/(auth)/layout.tsx, as are the desk's header, providers and footer (app/desk-shell.tsx); the
// client's page inlines its own (app/p/layout.tsx). The root's 404, error and 403 pages are
// rendered under one of those layouts, never alone: a URL that matches no page is caught by
// app/(auth)/[...missing] and the landing page is app/(auth)/page.tsx.

export const metadata: Metadata = {
  title: { default: "Agency Desk", template: "%s · Agency Desk" },
  description: "Search, sell and manage hotels, flights, activities and transfers for your agency's clients.",
  applicationName: "Agency Desk",
};

export const viewport: Viewport = {
  themeColor: "#ffffff",
  width: "device-width",
  initialScale: 1,
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page renders per request, so that its scripts carry this request's CSP nonce (proxy.ts).
  await connection();
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col">{children}</body>
    </html>
  );
}
