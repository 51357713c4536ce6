import { describe, expect, it } from "vitest";
import type { HotelContent } from "@/lib/tds/contract";
import type { TdsClient } from "@/lib/tds/client";
import { memoryCache } from "./cache";
import { hotelContent, hotelContentSoon } from "./hotel-content";

const HOTEL = { canonicalId: "htl_1", name: "Cedar Hostel", starRating: 3 } as unknown as HotelContent;

/** A service whose hotel content answers after `ms`, or fails; counts its calls. */
function service(ms: number, fail = false) {
  const calls: string[] = [];
  const tds = {
    hotelContent: async (id: string) => {
      calls.push(id);
      await new Promise((r) => setTimeout(r, ms));
      if (fail) throw new Error("service down");
      return { ...HOTEL, canonicalId: id };
    },
  } as unknown as TdsClient;
  return { tds, calls };
}

describe("hotelContentSoon", () => {
  it("gives the content when the service answers within the wait, and keeps it for the browser's request", async () => {
    const { tds, calls } = service(5);
    const cache = memoryCache();
    expect(await hotelContentSoon({ cache, tds }, "htl_1", 500)).toMatchObject({ canonicalId: "htl_1", name: "Cedar Hostel" });
    expect(await hotelContent({ cache, tds }, "htl_1")).toMatchObject({ name: "Cedar Hostel" });
    expect(calls).toEqual(["htl_1"]);
  });

  it("gives null once the wait is over, while the call goes on and fills the cache", async () => {
    const { tds, calls } = service(120);
    const cache = memoryCache();
    const started = performance.now();
    expect(await hotelContentSoon({ cache, tds }, "htl_2", 20)).toBeNull();
    expect(performance.now() - started).toBeLessThan(110);
    // The browser's own request joins the call still on its way: one call in all.
    expect(await hotelContent({ cache, tds }, "htl_2")).toMatchObject({ canonicalId: "htl_2" });
    expect(calls).toEqual(["htl_2"]);
    expect(await hotelContentSoon({ cache, tds }, "htl_2", 20)).toMatchObject({ canonicalId: "htl_2" });
  });

  it("gives null when the service fails, and caches nothing", async () => {
    const { tds, calls } = service(1, true);
    const cache = memoryCache();
    expect(await hotelContentSoon({ cache, tds }, "htl_3", 500)).toBeNull();
    await expect(hotelContent({ cache, tds }, "htl_3")).rejects.toThrow("service down");
    expect(calls).toEqual(["htl_3", "htl_3"]);
  });
});
