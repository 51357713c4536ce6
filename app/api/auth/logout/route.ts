// POST /api/auth/logout – sign out on this browser and go to the sign-in page.
import { endSession } from "@/lib/auth/session";
import { route } from "@/lib/bff/handler";

export const POST = route({ auth: "public" }, async () => {
  await endSession();
  // Relative, so the browser stays on whichever host it used (localhost or 127.0.0.1).
  return new Response(null, { status: 303, headers: { Location: "/login" } });
});
