import type { ErrorDetail } from "./errors";

export type Envelope<T> = {
  data: T | null;
  meta: Record<string, unknown>;
  error: { code: string; message: string; details: ErrorDetail[] } | null;
};

export function envelope<T>(data: T, meta: Record<string, unknown> = {}): Envelope<T> {
  return { data, meta, error: null };
}

export function errorEnvelope(code: string, message: string, details: ErrorDetail[] = []): Envelope<never> {
  return { data: null, meta: {}, error: { code, message, details } };
}
