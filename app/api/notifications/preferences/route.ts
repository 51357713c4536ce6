import { z } from "zod";
import { ok, route } from "@/lib/bff/handler";
import { noQuery } from "@/lib/bff/schemas";
import { NOTIFICATION_KIND_LIST } from "@/lib/notifications/kinds";
import { emailKindsOf, saveEmailKinds } from "@/lib/notifications/preferences";
import type { PreferencesAnswer } from "@/lib/notifications/shapes";

export const dynamic = "force-dynamic";

const body = z.strictObject({
  emailKinds: z
    .array(z.enum(NOTIFICATION_KIND_LIST, "Each kind must be one the desk tells people about."))
    .max(NOTIFICATION_KIND_LIST.length * 2, "Name each kind once."),
});

// GET /api/notifications/preferences – which kinds of notification also come to the person by email
export const GET = route({ auth: "advisor", query: noQuery }, async ({ deps, user }) => ok({ emailKinds: await emailKindsOf(await deps.db(), user.id) } satisfies PreferencesAnswer));

// PUT /api/notifications/preferences – saves the person's choice (an empty list: none by email)
export const PUT = route({ auth: "advisor", query: noQuery, body }, async ({ deps, user, body: b }) =>
  ok({ emailKinds: await saveEmailKinds(await deps.db(), user.id, b.emailKinds) } satisfies PreferencesAnswer),
);
