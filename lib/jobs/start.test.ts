import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { bannerSections, renderBanner } from "@/lib/startup";
import { jobsStartDecision } from "./start";

// Where the job engine starts: a server's start-up, never `next build` (which loads
// instrumentation.ts too), never a test run unless the test starts it, not with JOBS=off.

describe("jobsStartDecision", () => {
  it.each([
    ["a development server", {}, {}, { start: true }],
    ["a production server", { NODE_ENV: "production", TDS_API_KEY: "tdsk_live", SESSION_SECRET: "x".repeat(40) }, {}, { start: true }],
    ["next build", {}, { NEXT_PHASE: "phase-production-build" }, { start: false, reason: "next build" }],
    ["vitest", {}, { VITEST: "true" }, { start: false, reason: "tests start the engine themselves" }],
    ["NODE_ENV=test", { NODE_ENV: "test" }, {}, { start: false, reason: "tests start the engine themselves" }],
    ["JOBS=off", { JOBS: "off" }, {}, { start: false, reason: "JOBS=off" }],
  ])("%s", (_name, vars, processEnv, decision) => {
    expect(jobsStartDecision(parseEnv(vars), processEnv)).toEqual(decision);
  });

  it("is off in this very run, whatever the environment asks", () => {
    expect(jobsStartDecision(parseEnv({ JOBS: "on" })).start).toBe(false);
  });
});

describe("JOBS_OFF", () => {
  it("names the jobs a server neither runs nor schedules", () => {
    expect(parseEnv({}).jobsOff).toEqual([]);
    expect(parseEnv({ JOBS_OFF: " holds-scan , free-cancellation-scan " }).jobsOff).toEqual(["holds-scan", "free-cancellation-scan"]);
    expect(() => parseEnv({ JOBS_OFF: "holds scan; free" })).toThrow(/JOBS_OFF must be job names separated by commas/);
  });
});

describe("the banner's Follow-ups section", () => {
  const section = bannerSections.filter((s) => s.title === "Follow-ups");
  it("says the jobs run, and how to turn them off", async () => {
    expect(await renderBanner(parseEnv({}), section)).toContain("JOBS=off turns them off (docs/follow-ups.md)");
    expect(await renderBanner(parseEnv({ JOBS: "off" }), section)).toContain("off (JOBS=off)");
  });
});
