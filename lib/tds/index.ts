// The Travel Distribution Service client. The BFF builds the app's instance (lib/bff/runtime.ts,
// with the rate shaper); everything here is importable by tests and by client-side forms
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
