// The contract of the Travel Distribution Service: the shapes of its resources and requests, the
// adapter for docs/contract-decisions.md, and its errors. Browser-safe: forms validate with the very
// rules the BFF applies. The transport that sends requests is `@/lib/tds/client`, server-only
// (docs/architecture.md).
export * from "./base";
export * from "./adapter";
export * from "./schemas";
export * from "./requests";
export * from "./errors";
export type * from "./types";
