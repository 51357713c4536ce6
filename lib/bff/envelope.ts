// The service's envelope `{ data, meta, error: { code, message, details } }`, built here and
// nowhere else for every answer the desk writes itself: the BFF's successes and errors
// (route() in handler.ts), the proxy's refusal of a malformed address, the shaper's stand-in
// for the service's 429 and the bench's pass-through. No imports, so proxy.ts can afford it.

export type ErrorDetail = { path: string; message: string };

export type Envelope<T> =
  | { data: T; meta: Record<string, unknown>; error: null }
  | { data: null; meta: Record<string, unknown>; error: { code: string; message: string; details: ErrorDetail[] } };

export function dataEnvelope<T>(data: T, meta: Record<string, unknown> = {}): Envelope<T> {
  return { data, meta, error: null };
}

export function errorEnvelope(code: string, message: string, details: ErrorDetail[] = []): Envelope<never> {
  return { data: null, meta: {}, error: { code, message, details } };
}

/** An error answer in the envelope, never cached. */
export function errorJson(status: number, code: string, message: string, init: { details?: ErrorDetail[]; headers?: Record<string, string> } = {}): Response {
  return Response.json(errorEnvelope(code, message, init.details), { status, headers: { "Cache-Control": "no-store", ...init.headers } });
}
