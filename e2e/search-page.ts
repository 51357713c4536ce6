import { expect, type Locator, type Page, type Request } from "@playwright/test";

export type Product = "Hotels" | "Flights" | "Activities" | "Transfers";

/** A date `days` from today (UTC, as the server's form rules count), as YYYY-MM-DD. */
export function isoDay(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Requests the page makes that match, for "exactly these calls were made" checks. */
export function recordRequests(page: Page, match: (req: Request) => boolean): Request[] {
  const seen: Request[] = [];
  page.on("request", (req) => {
    if (match(req)) seen.push(req);
  });
  return seen;
}

/** Requests that got a response (not aborted on the way), such as the one rate sheet a visit may cost. */
export function recordFinished(page: Page, match: (req: Request) => boolean): Request[] {
  const seen: Request[] = [];
  page.on("requestfinished", (req) => {
    if (match(req)) seen.push(req);
  });
  return seen;
}

export const isSuggestCall = (req: Request) => new URL(req.url()).pathname === "/api/suggest";
export const isSearchStart = (req: Request) => req.method() === "POST" && new URL(req.url()).pathname === "/api/search";

/** /search and its results, as an advisor uses them. */
export class SearchPage {
  readonly tabs: Locator;
  readonly progress: Locator;
  readonly resultsHeading: Locator;

  constructor(readonly page: Page) {
    this.tabs = page.getByRole("tablist", { name: "What to search" });
    this.progress = page.getByRole("region", { name: "Search progress" });
    this.resultsHeading = page.locator("#results-heading");
  }

  async goto(query = "") {
    await this.page.goto(`/search${query}`);
    await expect(this.page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
  }

  /** Opens a product's tab and returns its form. */
  async open(product: Product): Promise<Locator> {
    const tab = this.tabs.getByRole("tab", { name: product });
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true");
    return this.form(product);
  }

  form(product: Product): Locator {
    return this.page.getByRole("form", { name: `${product} search` });
  }

  /**
   * Types into a place combobox at typing speed, waits for the suggestions, and picks `option`
   * (in the group named `group`) with the arrow keys and Enter.
   */
  async pick(combobox: Locator, text: string, group: RegExp, option: string) {
    await combobox.click();
    await combobox.pressSequentially(text, { delay: 100 });
    const listbox = this.page.getByRole("listbox");
    const wanted = listbox.getByRole("group", { name: group }).getByRole("option", { name: option, exact: true });
    await expect(wanted).toBeVisible();
    // The suggestions settled for the whole text: no spinner, nothing still being asked.
    await expect(this.page.getByTestId("suggest-loading")).toHaveCount(0);
    const options = listbox.getByRole("option");
    const ids = await options.evaluateAll((els) => els.map((el) => el.id));
    const index = ids.indexOf((await wanted.getAttribute("id")) ?? "");
    expect(index, `${option} among the suggestions`).toBeGreaterThanOrEqual(0);
    for (let i = 0; i <= index; i++) await combobox.press("ArrowDown");
    await expect(combobox).toHaveAttribute("aria-activedescendant", ids[index]!);
    await combobox.press("Enter");
    await expect(listbox).toBeHidden();
    await expect(combobox).toHaveValue(option);
  }

  async submit(product: Product) {
    await this.form(product)
      .getByRole("button", { name: `Search ${product.toLowerCase()}` })
      .click();
  }

  /** Waits for the results URL of a started search and returns its criteria. */
  async expectResultsUrl(type: string): Promise<URLSearchParams> {
    await this.page.waitForURL((url) => url.pathname === "/search" && url.searchParams.has("sid"));
    const params = new URL(this.page.url()).searchParams;
    expect(params.get("type")).toBe(type);
    expect(params.get("sid")).toMatch(/\S{6,}/);
    return params;
  }

  /** The results list (virtualised: only cards near the viewport are in it). */
  list(noun: "Hotels" | "Flights" | "Activities" | "Transfers"): Locator {
    return this.page.getByRole("list", { name: noun, exact: true });
  }

  /** Waits until every batch is priced and nothing more is arriving; returns the number of products. */
  async expectComplete(noun: "hotel" | "flight" | "activity" | "transfer", options: { timeout?: number } = {}): Promise<number> {
    const plural = noun === "activity" ? "activities" : `${noun}s`;
    if (noun === "hotel") {
      await expect(this.progress.getByRole("progressbar")).toHaveAccessibleName(/^All /, options);
    }
    // "40 hotels", or "First 40 hotels loaded, more available" when the service has more pages.
    await expect(this.resultsHeading).toHaveText(new RegExp(`^(First )?\\d[\\d,]* (${noun}|${plural})( loaded, more available)?$`), options);
    // The line keeps its place once the last source answers (no layout shift), hidden.
    await expect(this.page.getByText("More are still arriving")).toBeHidden(options);
    return Number(/[\d,]+/.exec(await this.resultsHeading.innerText())![0].replace(/,/g, ""));
  }

  /**
   * Ticks the best-populated option of a filter group ("Star rating", "Stops", "Source"), and
   * checks that the heading then counts what the filter keeps ("12 of 40 hotels"). Returns that count.
   */
  async filterByBest(group: string, noun: "hotel" | "flight" | "activity" | "transfer", total: number): Promise<number> {
    const { panel, close } = await this.filters();
    const options = panel.getByRole("group", { name: group }).getByRole("checkbox");
    expect(await options.count()).toBeGreaterThan(0);
    const counts = await options.evaluateAll((els) =>
      els.map((el) => Number(el.closest("label")?.querySelector("[aria-label$=' results']")?.getAttribute("aria-label")?.split(" ")[0] ?? 0)),
    );
    const best = counts.indexOf(Math.max(...counts));
    const kept = counts[best]!;
    await options.nth(best).check();
    await expect(options.nth(best)).toBeChecked();
    await close();
    const plural = noun === "activity" ? "activities" : `${noun}s`;
    await expect(this.resultsHeading).toHaveText(headingOf(kept, total, total === 1 ? noun : plural));
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(total);
    return kept;
  }

  /**
   * The filters: the sidebar on wide screens, or the dialog opened from "Filters" on narrow ones.
   * `close` shuts the dialog (no-op for the sidebar).
   */
  async filters(): Promise<{ panel: Locator; close: () => Promise<void> }> {
    const sidebar = this.page.getByRole("complementary", { name: "Filters" });
    if (await sidebar.isVisible()) return { panel: sidebar, close: async () => {} };
    await this.page.getByRole("button", { name: /^Filters/ }).click();
    const dialog = this.page.getByRole("dialog", { name: "Filters" });
    await expect(dialog).toBeVisible();
    return {
      panel: dialog,
      close: async () => {
        await dialog.getByRole("button", { name: /^Show \d/ }).click();
        await expect(dialog).toBeHidden();
      },
    };
  }
}

/** The price-check panel at checkout, once the live price is known. */
export async function expectPriceCheck(page: Page) {
  await page.waitForURL((url) => url.pathname.startsWith("/checkout/") && url.searchParams.has("sid"));
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  const panel = page.getByRole("region", { name: "Price check" });
  await expect(panel.getByText("Live price")).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByTestId("live-price")).toHaveText(/\d/);
  await expect(panel.getByText(/^(Unchanged|Changed since the search)$/)).toBeVisible();
  return panel;
}

/** "12 of 40 hotels", or "12 of First 40 hotels loaded, more available" while the service has more pages. */
export function headingOf(kept: number, total: number, nouns: string): RegExp {
  const n = (x: number) => x.toLocaleString("en-US");
  return new RegExp(`^${n(kept)} of (${n(total)} ${nouns}|First ${n(total)} ${nouns} loaded, more available)$`);
}
