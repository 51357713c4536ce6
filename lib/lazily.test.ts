import { describe, expect, it, vi } from "vitest";
import { lazily } from "./lazily";

describe("lazily", () => {
  it("makes nothing until first asked, then makes it once and keeps it (undefined and null too)", () => {
    const make = vi.fn(() => ({ made: true }));
    const get = lazily(make);
    expect(make).not.toHaveBeenCalled();
    const first = get();
    expect(get()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);

    const none = vi.fn(() => undefined);
    const getNone = lazily(none);
    getNone();
    getNone();
    expect(none).toHaveBeenCalledTimes(1);
  });

  it("tries again after a throw", () => {
    let n = 0;
    const get = lazily(() => {
      if (n++ === 0) throw new Error("not yet");
      return n;
    });
    expect(() => get()).toThrow("not yet");
    expect(get()).toBe(2);
    expect(get()).toBe(2);
  });
});
