export type ErrorDetail = { path: string; message: string };

/** An error the sandbox answers with its envelope: thrown anywhere, rendered once in app.ts. */
export class SandboxError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[];
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "SandboxError";
    this.status = status;
    this.code = code;
    this.details = options.details ?? [];
    this.headers = options.headers ?? {};
  }
}

export const notFound = (what = "Resource") => new SandboxError(404, "not_found", `${what} not found.`);
export const forbidden = (message = "This key cannot access that resource.") =>
  new SandboxError(403, "forbidden", message);
export const validationError = (message: string, details: ErrorDetail[] = []) =>
  new SandboxError(400, "validation_error", message, { details });
