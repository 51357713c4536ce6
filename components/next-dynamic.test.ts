import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// A module the page loads through next/dynamic (rendered on the server, so the page preloads its
// chunks) must not itself reach an import() the page does not already hold: Turbopack's
// development server lists the chunk of such nested import()s in the page's preloads under
// another name than the one it writes, so the page asked for a chunk that answered 404, with a
// preload warning (issue 27: a results link opened in `next dev` asked for
// /_next/static/chunks/components_results_*.js). Such import()s live in a module the page
// loads with itself (components/results/lazy-parts.ts).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name.startsWith(".") || e.name === "__fixtures__" ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

/** A specifier as the app resolves it ("@/" is the project root), or null for a package. */
function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(root, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

type Module = {
  /** Modules imported for their values (type-only imports load nothing). */
  statics: string[];
  /** Every import("…") in the module, resolved when it is one of ours. */
  dynamics: Array<{ specifier: string; target: string | null }>;
  /** next/dynamic(() => import("…")) calls rendered on the server (no `ssr: false`). */
  nextDynamic: string[];
};

export function readModule(file: string, text = readFileSync(file, "utf8")): Module {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const mod: Module = { statics: [], dynamics: [], nextDynamic: [] };
  let dynamicName: string | null = null;
  const importOf = (node: ts.Node): string | null => {
    let found: string | null = null;
    const walk = (n: ts.Node) => {
      if (found === null && ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) found = n.arguments[0].text;
      else ts.forEachChild(n, walk);
    };
    walk(node);
    return found;
  };
  const ssrOff = (options: ts.Expression | undefined) =>
    !!options &&
    ts.isObjectLiteralExpression(options) &&
    options.properties.some((p) => ts.isPropertyAssignment(p) && p.name.getText() === "ssr" && p.initializer.kind === ts.SyntaxKind.FalseKeyword);

  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      if (node.moduleSpecifier.text === "next/dynamic" && clause?.name) dynamicName = clause.name.text;
      const typeOnly = clause?.isTypeOnly || (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.every((e) => e.isTypeOnly));
      const target = resolve(file, node.moduleSpecifier.text);
      if (!typeOnly && target) mod.statics.push(target);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      const target = resolve(file, node.moduleSpecifier.text);
      if (target) mod.statics.push(target);
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === dynamicName) {
      const specifier = node.arguments[0] ? importOf(node.arguments[0]) : null;
      const target = specifier ? resolve(file, specifier) : null;
      if (target && !ssrOff(node.arguments[1])) mod.nextDynamic.push(target);
      // The import() inside next/dynamic is the entry itself, not a nested one.
      return;
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      mod.dynamics.push({ specifier: node.arguments[0].text, target: resolve(file, node.arguments[0].text) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return mod;
}

/** Every module `from` loads with itself: its static imports, and theirs. */
function staticClosure(modules: Map<string, Module>, from: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(modules.get(file)?.statics ?? []));
  }
  return seen;
}

/** For each server-rendered next/dynamic entry, the import()s its chunk would hold that the page does not: `entry: module → specifier`. */
export function nestedImports(modules: Map<string, Module>): string[] {
  const problems: string[] = [];
  for (const [declaring, mod] of modules) {
    if (mod.nextDynamic.length === 0) continue;
    // What the page holds anyway: the declaring module and all it loads statically.
    const page = staticClosure(modules, [declaring]);
    for (const entry of mod.nextDynamic) {
      for (const file of staticClosure(modules, [entry])) {
        if (page.has(file)) continue;
        for (const d of modules.get(file)?.dynamics ?? []) problems.push(`${rel(entry)} (from ${rel(declaring)}): ${rel(file)} → import("${d.specifier}")`);
      }
    }
  }
  return problems.sort();
}

const modules = new Map(["app", "components", "lib"].flatMap((dir) => sourceFiles(path.join(root, dir))).map((file) => [file, readModule(file)] as const));

describe("next/dynamic modules", () => {
  it("finds the server-rendered next/dynamic entries (the search results among them)", () => {
    const entries = [...modules.values()].flatMap((m) => m.nextDynamic.map(rel));
    expect(entries).toContain("components/results/search-results.tsx");
  });

  it("reach no import() of their own that the page does not already hold", () => {
    expect(nestedImports(modules)).toEqual([]);
  });

  it("the rule sees an import() nested in a next/dynamic module, and not one the page holds", () => {
    const page = path.join(root, "components/x/page.tsx");
    const entry = path.join(root, "components/x/entry.tsx");
    const shared = path.join(root, "components/x/shared.ts");
    const fake = new Map<string, Module>([
      [page, { statics: [shared], dynamics: [], nextDynamic: [entry] }],
      [entry, { statics: [shared], dynamics: [{ specifier: "./map", target: null }], nextDynamic: [] }],
      [shared, { statics: [], dynamics: [{ specifier: "./sheet", target: null }], nextDynamic: [] }],
    ]);
    expect(nestedImports(fake)).toEqual(['components/x/entry.tsx (from components/x/page.tsx): components/x/entry.tsx → import("./map")']);
    // Parsed from source: next/dynamic's own import() is the entry; `ssr: false` preloads nothing.
    const parsed = readModule(
      page,
      `import dynamic from "next/dynamic";\nconst A = dynamic(() => import("@/components/results/search-results").then((m) => m.SearchResults));\nconst B = dynamic(() => import("@/components/palette/palette-dialog"), { ssr: false });\nconst load = () => import("@/components/results/map-view");`,
    );
    expect(parsed.nextDynamic.map(rel)).toEqual(["components/results/search-results.tsx"]);
    expect(parsed.dynamics.map((d) => d.specifier)).toEqual(["@/components/results/map-view"]);
  });
});
