import type { ErrorDetail } from "./http";

// The browser's side of the auth and users handlers: one fetch wrapper that turns every
// outcome, including a dropped connection, into a result with a sentence to show.

export type ApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; code: string; message: string; details: ErrorDetail[] };

type Body = { data: unknown; error: { code: string; message: string; details?: ErrorDetail[] } | null };

const OFFLINE = "The desk could not be reached. Check your connection and try again.";

export async function callApi<T>(method: "GET" | "POST" | "PATCH", url: string, body?: unknown): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    return { ok: false, status: 0, code: "network_error", message: OFFLINE, details: [] };
  }
  const json = (await res.json().catch(() => null)) as Body | null;
  if (res.ok && json && json.error === null) return { ok: true, data: json.data as T };
  if (json?.error) return { ok: false, status: res.status, details: [], ...json.error };
  return {
    ok: false,
    status: res.status,
    code: "internal_error",
    message: "Something went wrong on our side. Try again in a moment.",
    details: [],
  };
}

/**
 * The handler's sentences by form field (the first for each field), in the order the handler gave
 * them; details that belong to no field are left out. `first` is the field to focus.
 */
export function fieldErrors<F extends string>(details: ErrorDetail[], fields: readonly F[]): { errors: Partial<Record<F, string>>; first: F | null } {
  const errors: Partial<Record<F, string>> = {};
  let first: F | null = null;
  for (const d of details) {
    const field = fields.find((f) => f === d.path);
    if (!field || errors[field] !== undefined) continue;
    errors[field] = d.message;
    first ??= field;
  }
  return { errors, first };
}

/** Puts each detail on its react-hook-form field, focusing the first; returns false when none of them belongs to one. */
export function applyFieldErrors<F extends string>(
  details: ErrorDetail[],
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }, options?: { shouldFocus: boolean }) => void,
): boolean {
  const { errors, first } = fieldErrors(details, fields);
  for (const field of fields) {
    const message = errors[field];
    if (message !== undefined) setError(field, { type: "server", message }, { shouldFocus: field === first });
  }
  return first !== null;
}
