// ANY /api/* that no other route answers – 404 `not_found` in the envelope, never Next's HTML page
import { BffError, SERVICE_ERRORS } from "@/lib/bff/errors";
import { route } from "@/lib/bff/handler";

export const dynamic = "force-dynamic";

// Through route() like every other path: the envelope, X-Request-Id and the request's log line.
// Nothing is read or changed, so no cross-site check: a POST from anywhere hears the same 404.
const unknownPath = route({ auth: "public", mutation: false }, async () => {
  throw new BffError({ ...SERVICE_ERRORS.not_found, code: "not_found", message: "The desk has nothing at this address. Check the link, or go back and try again." });
});

export const GET = unknownPath;
export const HEAD = unknownPath;
export const POST = unknownPath;
export const PUT = unknownPath;
export const PATCH = unknownPath;
export const DELETE = unknownPath;
export const OPTIONS = unknownPath;
