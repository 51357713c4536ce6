import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_SANDBOX_ADMIN_TOKEN, E2E_TDS_API_KEY } from "./constants";

type Envelope<T> = { data: T; meta: Record<string, unknown>; error: { code: string; message: string; details: unknown[] } | null };

/** Calls to the mounted sandbox, as the service (with the key) or its control plane (admin token). */
export class SandboxClient {
  constructor(private readonly request: APIRequestContext) {}

  async api<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: Envelope<T> }> {
    const res = await this.request.fetch(`/sandbox/api/v1${path}`, {
      method,
      headers: { "X-API-Key": E2E_TDS_API_KEY },
      data: body,
    });
    return { status: res.status(), body: (await res.json()) as Envelope<T> };
  }

  async control<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: Envelope<T> }> {
    const res = await this.request.fetch(`/sandbox/_sandbox${path}`, {
      method,
      headers: { "X-Sandbox-Admin": E2E_SANDBOX_ADMIN_TOKEN },
      data: body,
    });
    return { status: res.status(), body: (await res.json()) as Envelope<T> };
  }
}

type Fixtures = {
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

export const test = base.extend<Fixtures>({
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
