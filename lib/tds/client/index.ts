// The transport to the Travel Distribution Service: the typed client and the one sender of requests.
// Server-only: it holds the agency's key (docs/architecture.md). Shapes and errors are in
// `@/lib/tds/contract`.
export * from "./client";
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
