// @vitest-environment jsdom
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { formatInstant, TIME_ZONE_COOKIE } from "@/lib/format/dates";
import { TimeZoneProvider, useTimeZone } from "./time-zone";

const DEADLINE = "2026-12-11T22:59:00Z";

function Deadline() {
  const zone = useTimeZone();
  return <p>Pay by {formatInstant(DEADLINE, zone)}</p>;
}

/** The browser's own zone, as Intl reports it (Node follows TZ when it changes). */
const processZone = process.env.TZ;
function browserIn(zone: string) {
  process.env.TZ = zone;
  expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
}

async function hydrate(serverZone: string) {
  const tree = (
    <TimeZoneProvider serverZone={serverZone}>
      <Deadline />
    </TimeZoneProvider>
  );
  const container = document.createElement("div");
  container.innerHTML = renderToString(tree);
  document.body.append(container);
  const serverHtml = container.textContent;
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, tree, { onRecoverableError: (e) => errors.push(e) });
  });
  return { serverHtml, after: container.textContent, errors };
}

afterEach(() => {
  if (processZone === undefined) delete process.env.TZ;
  else process.env.TZ = processZone;
  document.body.innerHTML = "";
  document.cookie = `${TIME_ZONE_COOKIE}=; Max-Age=0; Path=/`;
});

describe("the advisor's time zone", () => {
  it("the server renders in the cookie's zone; the browser hydrates it as is, with no mismatch", async () => {
    browserIn("Europe/Paris");
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent("Europe/Paris")}; Path=/`;
    const { serverHtml, after, errors } = await hydrate("Europe/Paris");
    expect(serverHtml).toBe("Pay by Fri, 11 Dec 2026, 23:59 GMT+1");
    expect(after).toBe(serverHtml);
    expect(errors).toEqual([]);
  });

  it("a first visit renders in UTC, named, then switches to the browser's zone and remembers it in the cookie", async () => {
    browserIn("Europe/Paris");
    const { serverHtml, after, errors } = await hydrate("UTC");
    expect(serverHtml).toBe("Pay by Fri, 11 Dec 2026, 22:59 UTC");
    expect(errors).toEqual([]);
    expect(after).toBe("Pay by Fri, 11 Dec 2026, 23:59 GMT+1");
    expect(document.cookie).toContain(`${TIME_ZONE_COOKIE}=${encodeURIComponent("Europe/Paris")}`);
  });
});
