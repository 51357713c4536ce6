import { describe, expect, it, vi } from "vitest";
import { madeByRoute } from "@/lib/bff/handler";

// One door (issue 28): every handler under app/api, the sign-in and users routes included, is
// made by route() (lib/bff/handler.ts), so that all of them share one cross-site rule, one
// session check, one way of reading a body and one catch. This lists every route file and
// fails on one whose handlers were made any other way.

// The sign-in routes' session module is server-only; importing it is all this test does.
vi.mock("server-only", () => ({}));

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/**
 * The one route that is not a door of the desk: the bench's bare pass-through, which exists to
 * measure what route() costs (docs/bff.md, "Bench only"), answers 404 unless the server started
 * with BENCH_PASSTHROUGH=1, and reads no session, cookie or body.
 */
const OUTSIDE = new Set(["bench/passthrough/search/[searchId]/results/route.ts"]);

const files = import.meta.glob<Record<string, unknown>>("./**/route.{ts,tsx,js}");

/** The handlers of each route file that route() did not make, as "file METHOD". */
function bypassing(modules: Record<string, Record<string, unknown>>): string[] {
  return Object.entries(modules).flatMap(([file, mod]) => {
    const handlers = METHODS.filter((m) => mod[m] !== undefined);
    if (handlers.length === 0) return [`${file} (no handler at all)`];
    return handlers.filter((m) => !madeByRoute(mod[m])).map((m) => `${file} ${m}`);
  });
}

async function routeModules(): Promise<Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [path, load] of Object.entries(files)) {
    const file = path.replace(/^\.\//, "");
    if (!OUTSIDE.has(file)) out[file] = await load();
  }
  return out;
}

describe("one door", () => {
  it("every handler of every route file under app/api is made by route()", async () => {
    const modules = await routeModules();
    expect(Object.keys(modules).length).toBeGreaterThan(30);
    expect(Object.keys(modules)).toEqual(expect.arrayContaining(["auth/login/route.ts", "users/route.ts", "users/[id]/route.ts", "search/route.ts"]));
    expect(bypassing(modules)).toEqual([]);
  });

  it("the exception is still there and still outside (otherwise drop it from OUTSIDE)", async () => {
    for (const file of OUTSIDE) {
      const load = files[`./${file}`];
      expect(load, file).toBeDefined();
      expect(bypassing({ [file]: await load!() })).toEqual([`${file} GET`]);
    }
  });

  it("finds a handler made the old way: a wrapper of its own, a bare function, a file without handlers", async () => {
    // What app/api/users/route.ts looked like behind lib/auth/http.ts's handle().
    const handle = (fn: (req: Request) => Promise<Response>) => async (req: Request) => fn(req);
    const { route, ok } = await import("@/lib/bff/handler");
    const oldStyle = {
      "users/route.ts": { dynamic: "force-dynamic", GET: route({ auth: "admin" }, async () => ok([])), POST: handle(async () => Response.json({ data: {} })) },
      "auth/logout/route.ts": { POST: async () => new Response(null, { status: 303 }) },
      "empty/route.ts": { dynamic: "force-dynamic" },
    };
    expect(bypassing(oldStyle)).toEqual(["users/route.ts POST", "auth/logout/route.ts POST", "empty/route.ts (no handler at all)"]);
  });
});
