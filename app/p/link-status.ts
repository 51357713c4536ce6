import "server-only";
import { getDb } from "@/lib/db";
import { readPublicProposal } from "@/lib/proposals/store";

// The status the client's page is answered with, decided before it renders (proxy.ts): a page
// cannot set its own status in the App Router but through notFound() (404), forbidden() (403)
// and unauthorized() (401), and a link that has expired or whose proposal was withdrawn must answer
// 410 Gone (issue 29). The page itself shows the designed "no longer open" content. A link replaced
// by sharing again is not among them: sharing overwrites the stored hash, so the old token is
// unknown and the page answers 404 itself (docs/proposals.md).

/** `/p/<token>`: a token is 43 base64url characters (lib/proposals/token.ts). */
export const PROPOSAL_PAGE = /^\/p\/([A-Za-z0-9_-]{43})$/;

/** 410 for a link that is gone; null otherwise (live, unknown: the page answers 404 itself, or the database could not say). */
export async function proposalPageStatus(pathname: string, now = new Date()): Promise<410 | null> {
  const token = PROPOSAL_PAGE.exec(pathname)?.[1];
  if (!token) return null;
  try {
    const read = await readPublicProposal(await getDb(), token, now);
    return read.kind === "gone" ? 410 : null;
  } catch {
    // The page reads again and shows what is wrong; the proxy never fails a request for this.
    return null;
  }
}
