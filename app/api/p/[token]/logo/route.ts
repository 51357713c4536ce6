import * as z from "zod/mini";
import { readAgencyLogo } from "@/lib/agency/store";
import { logoResponse } from "@/lib/bff/agency";
import { BffError } from "@/lib/bff/errors";
import { route } from "@/lib/bff/handler";
import { params } from "@/lib/bff/schemas";
import { isKnownToken } from "@/lib/proposals/store";

export const dynamic = "force-dynamic";

const logoQuery = z.strictObject({ v: z.optional(z.string().check(z.maxLength(64, "Not a version of the logo."))) });
const notFound = () => new BffError({ status: 404, code: "not_found", message: "There is no logo here." });

// GET /api/p/:token/logo – the agency's logo for the client's page (no session): only under a link the agency made
export const GET = route({ auth: "public", query: logoQuery, params: params("token") }, async ({ req, deps, query, params: { token } }) => {
  const db = await deps.db();
  if (!(await isKnownToken(db, token))) throw notFound();
  const logo = await readAgencyLogo(db);
  if (!logo) throw notFound();
  return logoResponse(req, logo, query.v);
});
