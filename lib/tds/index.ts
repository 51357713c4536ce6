// The Travel Distribution Service client. Server code gets the configured instance from
// `@/lib/tds/server`; everything here is importable by tests and by client-side forms
// (schemas, types, error classes).
export * from "./base";
export * from "./adapter";
export * from "./schemas";
export * from "./requests";
export * from "./errors";
export * from "./client";
export type * from "./types";
export {
  createSender,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  type CallOptions,
  type FetchLike,
  type RequestEvent,
  type ResponseEvent,
  type TdsHooks,
} from "./http";
