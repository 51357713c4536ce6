import { z } from "zod";
import { SandboxError, type ErrorDetail } from "./errors";

/** Every failed rule becomes one detail; an unknown field is one detail per field, at its own path. */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[]): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    const base = issue.path.map(String);
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        details.push({ path: [...base, key].join("."), message: `Unknown field "${key}".` });
      }
    } else if (issue.code === "invalid_union" && issue.errors.length > 0) {
      const first = issue.errors[0] ?? [];
      details.push(...issuesToDetails(first.map((i) => ({ ...i, path: [...issue.path, ...i.path] }))));
    } else {
      details.push({ path: base.join("."), message: issue.message });
    }
  }
  return details;
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown, where: "body" | "query"): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = issuesToDetails(result.error.issues);
  const count = details.length;
  throw new SandboxError(
    400,
    "validation_error",
    `The request ${where} failed validation (${count} problem${count === 1 ? "" : "s"}).`,
    { details },
  );
}

/** Query strings as a plain object; a repeated key keeps its last value. */
export function queryObject(url: string): Record<string, string> {
  const params = new URL(url).searchParams;
  const out: Record<string, string> = {};
  for (const [k, v] of params) out[k] = v;
  return out;
}

export async function readJsonBody(req: Request, { optional = false } = {}): Promise<unknown> {
  const text = await req.text();
  if (text.trim() === "") {
    if (optional) return undefined;
    throw new SandboxError(400, "validation_error", "The request body is missing; send a JSON object.", {
      details: [{ path: "", message: "Expected a JSON object." }],
    });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new SandboxError(400, "validation_error", "The request body is not valid JSON.", {
      details: [{ path: "", message: "Malformed JSON." }],
    });
  }
}

export const isoCountry = z.string().regex(/^[A-Z]{2}$/, "Expected an ISO 3166-1 alpha-2 code such as US.");
export const isoCurrency = z.string().regex(/^[A-Z]{3}$/, "Expected an ISO 4217 code such as USD.");
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Expected a date as YYYY-MM-DD.")
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), "Not a real calendar date.");
