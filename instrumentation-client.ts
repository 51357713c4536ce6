// Runs in the browser before the app's code (Next's client instrumentation). zod 4 probes
// `new Function("")` when it builds an object schema, to decide whether to compile parsers; the
// Content-Security-Policy (proxy.ts) refuses eval, so Chromium would report a violation on every
// page. Its global config is read from here before any schema is built.
const g = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };
