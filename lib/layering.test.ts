import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// docs/architecture.md, "What may import what": each "never" there is a test here, counted on the
// module each import resolves to, type-only imports, re-exports and dynamic import() included.
// eslint.config.mjs says the same while editing (no-restricted-imports), but it reads the
// specifier as written and does not see import().

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");
const at = (p: string) => path.join(root, p);

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name.startsWith(".") ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

/** A specifier as the app resolves it ("@/" is the project root), or `pkg:<name>` for a package. */
function resolve(from: string, specifier: string): string {
  const base = specifier.startsWith("@/")
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (base === null) return `pkg:${specifier}`;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // Not a TypeScript module (JSON, CSS) or not on disk: keep the path for the folder checks.
  return base;
}

/** Every module each file of app/, components/ and lib/ imports: static, type-only, re-exported and dynamic. */
const imports = new Map<string, string[]>(
  ["app", "components", "lib"].flatMap((dir) => sourceFiles(at(dir))).map((file) => {
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    return [file, info.importedFiles.map((f) => resolve(file, f.fileName))];
  }),
);

/** lib/ without its tests: the graph the cycle check walks. */
const graph = new Map([...imports].filter(([file]) => file.startsWith(at("lib/")) && !isTest(file)));

const inside = (dir: string) => (file: string) => file.startsWith(`${at(dir)}${path.sep}`);
const production = (file: string) => !isTest(file) && !inside("lib/testing")(file);

/** "a → b" for every import of a file `from` accepts into a module `to` accepts. */
function edges(from: (file: string) => boolean, to: (target: string) => boolean): string[] {
  return [...imports].flatMap(([file, targets]) => (from(file) ? targets.filter(to).map((t) => `${rel(file)} → ${t.startsWith("pkg:") ? t : rel(t)}`) : []));
}

/** Groups of lib/ files that import each other, directly or round a loop (Tarjan's strongly connected components). */
function cycles(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(rel(w));
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The modules of app/, components/ and lib/ a file reaches, following imports through them. */
function reach(file: string): Set<string> {
  const seen = new Set<string>();
  const todo = [file];
  while (todo.length > 0) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    for (const t of imports.get(f) ?? []) if (imports.has(t)) todo.push(t);
  }
  return seen;
}

const transport = inside("lib/tds/client");

describe("what may import what (docs/architecture.md)", () => {
  it("reads the files it checks (the scan is not vacuous)", () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get(at("lib/bff/deps.ts"))).toContain(at("lib/bff/cache.ts"));
    expect(imports.get(at("components/status/service-status-card.tsx"))).toContain(at("lib/service-status.ts"));
    expect(imports.get(at("app/sandbox/[[...path]]/route.ts"))).toContain(at("lib/sandbox/app.ts"));
    expect(reach(at("lib/service-status.ts"))).toContain(at("lib/tds/client/client.ts"));
  });

  it("lib/ never imports components/ or app/ (but lib/testing/, whose helpers drive routes as tests do)", () => {
    expect(edges((f) => inside("lib")(f) && production(f), (t) => inside("components")(t) || inside("app")(t))).toEqual([]);
  });

  it("components/ never imports app/", () => {
    // Tests may render a component inside the app's providers (components/search/use-suggest.test.tsx).
    expect(edges((f) => inside("components")(f) && !isTest(f), inside("app"))).toEqual([]);
  });

  it("lib/ has no import cycles, type-only and dynamic imports included", () => {
    expect(cycles()).toEqual([]);
  });

  it("keeps lib/bff/runtime.ts from importing lib/bff/deps.ts (deps.ts loads runtime.ts lazily)", () => {
    expect(graph.get(at("lib/bff/runtime.ts"))).not.toContain(at("lib/bff/deps.ts"));
  });

  it("lib/tds/contract/ imports only itself and packages: the browser may load all of it", () => {
    const contract = inside("lib/tds/contract");
    expect(edges((f) => contract(f) && !isTest(f), (t) => !t.startsWith("pkg:") && !contract(t))).toEqual([]);
    expect(edges((f) => contract(f) && !isTest(f), (t) => t === "pkg:server-only")).toEqual([]);
  });

  it("the transport, lib/tds/client/, is server-only", () => {
    const modules = [...imports.keys()].filter((f) => transport(f) && !isTest(f) && path.basename(f) !== "index.ts");
    expect(modules.map(rel).sort()).toEqual(["lib/tds/client/client.ts", "lib/tds/client/http.ts"]);
    expect(modules.filter((f) => !imports.get(f)!.includes("pkg:server-only")).map(rel)).toEqual([]);
  });

  it("the mail transport, lib/mail/ but its shapes, is server-only, and no component reaches nodemailer", () => {
    const mail = inside("lib/mail");
    const modules = [...imports.keys()].filter((f) => mail(f) && !isTest(f));
    expect(modules.map(rel)).toContain("lib/mail/send.ts");
    expect(modules.filter((f) => path.basename(f) !== "shapes.ts" && !imports.get(f)!.includes("pkg:server-only")).map(rel)).toEqual([]);
    expect(imports.get(at("lib/mail/shapes.ts"))!.filter((t) => !t.startsWith("pkg:zod"))).toEqual([]);
    const components = [...imports.keys()].filter((f) => inside("components")(f) && !isTest(f));
    expect(components.filter((f) => [...reach(f)].some((m) => imports.get(m)?.includes("pkg:nodemailer"))).map(rel)).toEqual([]);
    // The check is real: the sender does reach it.
    expect([...reach(at("lib/mail/send.ts"))].some((m) => imports.get(m)?.includes("pkg:nodemailer"))).toBe(true);
  });

  it("the job engine and the notifications are server-only, and no component reaches pg-boss", () => {
    for (const file of ["lib/jobs/engine.ts", "lib/notifications/store.ts"]) expect(imports.get(at(file))).toContain("pkg:server-only");
    const components = [...imports.keys()].filter((f) => inside("components")(f) && !isTest(f));
    expect(components.filter((f) => [...reach(f)].some((m) => imports.get(m)?.includes("pkg:pg-boss"))).map(rel)).toEqual([]);
    // The check is real: the engine does reach it.
    expect([...reach(at("lib/jobs/engine.ts"))].some((m) => imports.get(m)?.includes("pkg:pg-boss"))).toBe(true);
  });

  it("no component reaches the transport, directly or through lib/, except components/status", () => {
    const components = [...imports.keys()].filter((f) => inside("components")(f) && !isTest(f) && !inside("components/status")(f));
    const offending = components.filter((f) => [...reach(f)].some(transport)).map(rel);
    expect(offending).toEqual([]);
    // The exception is real: the status page's cards ask the service and the database themselves.
    expect([...reach(at("components/status/service-status-card.tsx"))].some(transport)).toBe(true);
  });

  it("nothing imports the sandbox but its mount, lib/testing/ and tests; the sandbox imports nothing else of the app", () => {
    const sandbox = inside("lib/sandbox");
    const mount = inside("app/sandbox");
    expect(edges((f) => !sandbox(f) && !mount(f) && production(f), sandbox)).toEqual([]);
    expect(edges((f) => sandbox(f) && !isTest(f), (t) => !t.startsWith("pkg:") && !sandbox(t))).toEqual([]);
  });

  it("production code never imports lib/testing/", () => {
    expect(edges(production, inside("lib/testing"))).toEqual([]);
  });
});
