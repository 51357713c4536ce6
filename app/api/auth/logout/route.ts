// POST /api/auth/logout – sign out on this browser and go to the sign-in page.
import { assertSameOrigin, handle } from "@/lib/auth/http";
import { endSession } from "@/lib/auth/session";
import { getEnv } from "@/lib/server-env";

export const POST = handle(async (request: Request) => {
  assertSameOrigin(request.headers, getEnv().APP_ORIGIN);
  await endSession();
  // Relative, so the browser stays on whichever host it used (localhost or 127.0.0.1).
  return new Response(null, { status: 303, headers: { Location: "/login", "Cache-Control": "no-store" } });
});
