import { BffError } from "@/lib/bff/errors";
import { ok, route } from "@/lib/bff/handler";
import { noQuery, params } from "@/lib/bff/schemas";
import { publicChoiceSchema } from "@/lib/proposals/model";
import { notifyChoice, recordChoice } from "@/lib/proposals/store";

export const dynamic = "force-dynamic";

// POST /api/p/:token/choice – the client's choice and message, from the proposal's page (no session; same-origin as every POST)
export const POST = route({ auth: "public", query: noQuery, params: params("token"), body: publicChoiceSchema }, async ({ deps, body, params: { token } }) => {
  const db = await deps.db();
  const result = await recordChoice(db, token, body);
  switch (result.kind) {
    case "unknown":
      throw new BffError({ status: 404, code: "not_found", message: "This link is not one the agency sent. Check it in your email, or ask your travel advisor." });
    case "gone":
      throw new BffError({ status: 410, code: "proposal_gone", message: "This proposal is no longer open: it has expired or was withdrawn. Ask your travel advisor for a new one." });
    case "booked":
      throw new BffError({ status: 409, code: "proposal_booked", message: "Your advisor has already booked your choice. To change it, contact them directly." });
    case "invalid":
      throw new BffError({ status: 400, code: "validation_error", message: "Some fields need attention.", details: [{ path: "choice", message: result.message }] });
  }
  // The advisor is told by mail; the client's choice is recorded whatever the mail does.
  await notifyChoice(db, result.notice, deps.agency().appOrigin, { db });
  return ok({ ok: true });
});
