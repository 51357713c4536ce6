import AxeBuilder from "@axe-core/playwright";
import { createHash } from "node:crypto";
import { appendFile, mkdir, open, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { test as base, expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { E2E_SANDBOX_ADMIN_TOKEN, E2E_SERVER_LOG, E2E_TDS_API_KEY } from "./constants";

type Envelope<T> = { data: T; meta: Record<string, unknown>; error: { code: string; message: string; details: unknown[] } | null };

/**
 * A read is sent again when its kept-alive connection was reset under it (Playwright retries only
 * ECONNRESET): seen once in a full run while the server was busy. Writes are never sent twice.
 */
const readRetries = (method: string) => (method === "GET" ? 2 : 0);

/** Calls to the mounted sandbox, as the service (with the key) or its control plane (admin token). */
export class SandboxClient {
  constructor(private readonly request: APIRequestContext) {}

  async api<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: Envelope<T> }> {
    const res = await this.request.fetch(`/sandbox/api/v1${path}`, {
      method,
      headers: { "X-API-Key": E2E_TDS_API_KEY },
      data: body,
      maxRetries: readRetries(method),
    });
    return { status: res.status(), body: (await res.json()) as Envelope<T> };
  }

  async control<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: Envelope<T> }> {
    const res = await this.request.fetch(`/sandbox/_sandbox${path}`, {
      method,
      headers: { "X-Sandbox-Admin": E2E_SANDBOX_ADMIN_TOKEN },
      data: body,
      maxRetries: readRetries(method),
    });
    return { status: res.status(), body: (await res.json()) as Envelope<T> };
  }
}

type Options = {
  /** Console errors a test expects (matched against the text); any other fails the test. */
  allowedConsoleErrors: RegExp[];
};

type Fixtures = {
  /** The server's log lines of this test's time (both workers'), shown when it fails (see below). */
  serverLog: ServerLog;
  sandbox: SandboxClient;
  /** Runs axe (WCAG 2.1 A/AA) on the page and fails on any serious or critical violation. */
  expectAccessible: (options?: { exclude?: string[] }) => Promise<void>;
};

async function seriousViolations(page: Page, exclude: string[] = []) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

/** Appends a hydration mismatch to test-results/hydration-mismatches.jsonl, with the HTML served and the DOM after it. */
async function recordMismatch(page: Page, url: string, message: string, servedHtml: Promise<string> | undefined) {
  const info = test.info();
  const stamp = `${Date.now()}-${info.workerIndex}`;
  const dir = path.resolve("test-results/hydration");
  await mkdir(dir, { recursive: true });
  const dom = await page.content().catch(() => "");
  await writeFile(path.join(dir, `${stamp}-served.html`), (await servedHtml) ?? "");
  await writeFile(path.join(dir, `${stamp}-dom.html`), dom);
  const line = { at: new Date().toISOString(), test: info.titlePath.join(" › "), project: info.project.name, url, message, files: `test-results/hydration/${stamp}-*.html` };
  await appendFile(path.resolve("test-results/hydration-mismatches.jsonl"), `${JSON.stringify(line)}\n`);
}

/**
 * The address this test reaches the server from (X-Forwarded-For, believed by the e2e server
 * from 127.0.0.1: TRUSTED_PROXIES in e2e/constants.ts): one of its own in 198.18.0.0/15, the
 * range kept for tests, so the sign-in throttle's count per address is this test's alone. A retry
 * is another client.
 */
export function clientAddressOf(info: Pick<TestInfo, "testId" | "retry" | "repeatEachIndex">): string {
  const [a = 0, b = 0, c = 0] = createHash("sha256").update(`${info.testId}|${info.retry}|${info.repeatEachIndex}`).digest();
  return `198.${18 + (a & 1)}.${b}.${c}`;
}

const SERVER_LOG = path.resolve(import.meta.dirname, "..", E2E_SERVER_LOG);
const SERVER_LOG_TAIL = 40;

export type ServerLog = {
  /** The lines the server has logged since this test started ([] when its log is not this run's file). */
  lines: () => Promise<string[]>;
};

async function sizeOf(file: string): Promise<number | null> {
  return stat(file).then((s) => s.size, () => null);
}

async function readFrom(file: string, offset: number): Promise<string> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.max(0, size - offset));
    await handle.read(buffer, 0, buffer.length, offset);
    return buffer.toString("utf8");
  } finally {
    await handle.close();
  }
}

/** What the browser reports about the network is not the page's fault: a 4xx the page handles, an aborted request. */
const NETWORK_NOISE = [/^Failed to load resource:/, /net::ERR_(ABORTED|FAILED|CONNECTION|INTERNET)/];

export const test = base.extend<Fixtures & Options>({
  allowedConsoleErrors: [[], { option: true }],
  extraHTTPHeaders: async ({}, provide, testInfo) => {
    await provide({ "X-Forwarded-For": clientAddressOf(testInfo) });
  },
  // The e2e server logs to a file (scripts/e2e-server.sh), not between the results. A test that
  // fails gets the lines logged while it ran (both workers') attached, and their tail printed.
  serverLog: [
    async ({}, provide, testInfo) => {
      const start = await sizeOf(SERVER_LOG);
      const since = async () =>
        start === null ? [] : (await readFrom(SERVER_LOG, start).catch(() => "")).split("\n").filter((l) => l.trim() !== "");
      await provide({ lines: since });
      if (start === null || testInfo.status === testInfo.expectedStatus) return;
      const lines = await since();
      if (lines.length === 0) return;
      const file = testInfo.outputPath("server.log");
      await writeFile(file, `${lines.join("\n")}\n`);
      await testInfo.attach("server log", { path: file, contentType: "text/plain" });
      const shown = lines.slice(-SERVER_LOG_TAIL);
      console.error(
        `\n── the server's log while this test ran: ${shown.length < lines.length ? `last ${shown.length} of ${lines.length} lines` : `${lines.length} lines`} (all of them in ${path.relative(process.cwd(), file)}) ──\n${shown.join("\n")}\n`,
      );
    },
    { auto: true },
  ],
  // Every page of every test: no uncaught error, no console error and no CSP violation.
  page: async ({ page, allowedConsoleErrors }, provide) => {
    const problems: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => {
        console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
      });
    });
    // The HTML each navigation was served, kept for the hydration report below.
    const served = new Map<string, Promise<string>>();
    page.on("response", (res) => {
      if (res.request().resourceType() === "document") served.set(res.url(), res.text().catch(() => ""));
    });
    const mismatches: Promise<void>[] = [];
    page.on("pageerror", (err) => {
      // A hydration mismatch (React #418) fails the test like any other error; the HTML served and
      // the page as the browser then holds it are kept (test-results/hydration/), to see what differed.
      if (/Minified React error #418/.test(err.message)) {
        const url = page.url();
        test.info().annotations.push({ type: "hydration mismatch (#418)", description: `${url} ${err.message.slice(0, 200)}` });
        mismatches.push(recordMismatch(page, url, err.message, served.get(url)));
      }
      problems.push(`uncaught: ${err.message}`);
    });
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if (NETWORK_NOISE.some((re) => re.test(text)) || allowedConsoleErrors.some((re) => re.test(text))) return;
      problems.push(`console.error: ${text.slice(0, 500)}`);
    });
    await provide(page);
    await Promise.all(mismatches);
    expect(problems, `errors in the browser on ${page.url()}`).toEqual([]);
  },
  sandbox: async ({ request }, provide) => {
    await provide(new SandboxClient(request));
  },
  expectAccessible: async ({ page }, provide) => {
    await provide(async (options) => {
      expect(await seriousViolations(page, options?.exclude)).toEqual([]);
    });
  },
});

export { expect };
