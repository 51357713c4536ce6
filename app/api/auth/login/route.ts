// POST /api/auth/login – sign in with email and password; sets the session cookie.
import { getDb } from "@/lib/db";
import { ApiError, assertSameOrigin, clientIp, dataResponse, handle, parseBody } from "@/lib/auth/http";
import { attemptLogin, DEACTIVATED_MESSAGE, INVALID_LOGIN_MESSAGE } from "@/lib/auth/login";
import { loginSchema } from "@/lib/auth/schemas";
import { startSession } from "@/lib/auth/session";
import { toSessionUser } from "@/lib/auth/session-core";
import { getLoginThrottle, tooManyAttemptsMessage } from "@/lib/auth/throttle";
import { getEnv } from "@/lib/server-env";

export const POST = handle(async (request: Request) => {
  assertSameOrigin(request.headers, getEnv().APP_ORIGIN);
  const { email, password } = await parseBody(request, loginSchema);
  const result = await attemptLogin(
    { db: await getDb(), throttle: await getLoginThrottle() },
    { email, password, ip: clientIp(request.headers) },
  );
  if (result.ok) {
    await startSession(result.user);
    return dataResponse({ user: toSessionUser(result.user) });
  }
  if (result.reason === "throttled") {
    const seconds = result.retryAfterSeconds;
    throw new ApiError("rate_limited", tooManyAttemptsMessage(seconds), [], { "Retry-After": String(seconds) });
  }
  const message = result.reason === "deactivated" ? DEACTIVATED_MESSAGE : INVALID_LOGIN_MESSAGE;
  throw new ApiError("unauthorized", message, [{ path: "password", message }]);
});
