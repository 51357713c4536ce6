import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// ARCHITECTURE.md, "Layers point one way": lib/ never imports components/, and lib/ has no import
// cycles. eslint.config.mjs enforces both while editing; this test also counts what the lint
// rules do not see: type-only imports, re-exports and dynamic import().

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name.startsWith(".") ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

/** A specifier as the app resolves it ("@/" is the project root), or null for a package. */
function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // Not a TypeScript module (JSON, CSS) or not on disk: keep the path for the components/ check.
  return base;
}

/** Every module each lib/ file imports: static, type-only, re-exported and dynamic. */
const graph = new Map<string, string[]>(
  sourceFiles(path.join(root, "lib")).map((file) => {
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = info.importedFiles.map((f) => resolve(file, f.fileName)).filter((t): t is string => t !== null);
    return [file, targets];
  }),
);

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

describe("layers of lib/", () => {
  it("reads the files it checks (the scan is not vacuous)", () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get(path.join(root, "lib/bff/deps.ts"))).toContain(path.join(root, "lib/bff/cache.ts"));
  });

  it("never imports components/", () => {
    const components = `${path.join(root, "components")}${path.sep}`;
    const offending = [...graph].flatMap(([file, targets]) => targets.filter((t) => t.startsWith(components)).map((t) => `${rel(file)} → ${rel(t)}`));
    expect(offending).toEqual([]);
  });

  it("has no import cycles, type-only and dynamic imports included", () => {
    expect(cycles()).toEqual([]);
  });

  it("keeps lib/bff/runtime.ts from importing lib/bff/deps.ts (deps.ts loads runtime.ts lazily)", () => {
    expect(graph.get(path.join(root, "lib/bff/runtime.ts"))).not.toContain(path.join(root, "lib/bff/deps.ts"));
  });
});
