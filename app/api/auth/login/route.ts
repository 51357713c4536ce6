// POST /api/auth/login – sign in with email and password; sets the session cookie.
import { clientIp } from "@/lib/auth/client-address";
import { attemptLogin, DEACTIVATED_MESSAGE, INVALID_LOGIN_MESSAGE } from "@/lib/auth/login";
import { loginSchema } from "@/lib/auth/schemas";
import { startSession } from "@/lib/auth/session";
import { toSessionUser } from "@/lib/auth/session-core";
import { getLoginThrottle, tooManyAttemptsMessage } from "@/lib/auth/throttle";
import { BffError, bffError } from "@/lib/bff/errors";
import { ok, route } from "@/lib/bff/handler";

export const POST = route({ auth: "public", body: loginSchema }, async ({ req, deps, body: { email, password } }) => {
  const result = await attemptLogin({ db: await deps.db(), throttle: await getLoginThrottle() }, { email, password, ip: clientIp(req.headers) });
  if (result.ok) {
    await startSession(result.user);
    return ok({ user: toSessionUser(result.user) });
  }
  if (result.reason === "throttled") {
    const seconds = result.retryAfterSeconds;
    throw bffError("rate_limited", { message: tooManyAttemptsMessage(seconds), headers: { "Retry-After": String(seconds) } });
  }
  const message = result.reason === "deactivated" ? DEACTIVATED_MESSAGE : INVALID_LOGIN_MESSAGE;
  throw new BffError({ status: 401, code: "unauthorized", message, details: [{ path: "password", message }] });
});
