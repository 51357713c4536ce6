import { describe, expect, it } from "vitest";
import { DEV_SESSION_SECRET, DEV_TDS_API_KEY, EnvError, parseEnv, redactUrl } from "./env";

const SECRET = "x".repeat(32);
const prod = { NODE_ENV: "production", TDS_API_KEY: "tdsk_live", SESSION_SECRET: SECRET };

function problemsOf(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
  } catch (err) {
    if (err instanceof EnvError) return err.problems;
    throw err;
  }
  throw new Error("expected parseEnv to throw");
}

describe("parseEnv", () => {
  it("runs on embedded defaults in development", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      isProduction: false,
      APP_ORIGIN: "http://localhost:3000",
      TDS_BASE_URL: "http://localhost:3000/sandbox",
      TDS_API_KEY: DEV_TDS_API_KEY,
      tdsApiKeySource: "sandbox-default",
      SESSION_SECRET: DEV_SESSION_SECRET,
      DATABASE_URL: undefined,
      PGLITE_DIR: ".data/pglite",
      REDIS_URL: undefined,
      AGENCY_CURRENCY: "USD",
      AGENCY_MARKET: "US",
      sandboxEnabled: true,
    });
    expect(DEV_SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("without APP_ORIGIN, takes the origin of PORT (the banner and the sandbox mount name the port the server listens on)", () => {
    expect(parseEnv({ PORT: "4123" })).toMatchObject({ APP_ORIGIN: "http://localhost:4123", TDS_BASE_URL: "http://localhost:4123/sandbox" });
    expect(parseEnv({ PORT: "nope" }).APP_ORIGIN).toBe("http://localhost:3000");
    expect(parseEnv({ PORT: "4123", APP_ORIGIN: "https://desk.example.com" }).APP_ORIGIN).toBe("https://desk.example.com");
  });

  it("derives TDS_BASE_URL from APP_ORIGIN, and keeps an explicit one without trailing slash", () => {
    expect(parseEnv({ APP_ORIGIN: "http://127.0.0.1:3100/" }).TDS_BASE_URL).toBe("http://127.0.0.1:3100/sandbox");
    expect(parseEnv({ TDS_BASE_URL: "https://tds.example.com/" }).TDS_BASE_URL).toBe("https://tds.example.com");
  });

  it("runs the desk's jobs unless JOBS=off, and never under NODE_ENV=test", () => {
    expect(parseEnv({}).jobsEnabled).toBe(true);
    expect(parseEnv({ JOBS: "off" }).jobsEnabled).toBe(false);
    expect(parseEnv({ NODE_ENV: "test", JOBS: "on" }).jobsEnabled).toBe(false);
  });

  it("mounts the bench's pass-through only with BENCH_PASSTHROUGH=1", () => {
    expect(parseEnv({}).benchPassthrough).toBe(false);
    expect(parseEnv({ BENCH_PASSTHROUGH: "0" }).benchPassthrough).toBe(false);
    expect(parseEnv({ BENCH_PASSTHROUGH: "1" }).benchPassthrough).toBe(true);
    expect(() => parseEnv({ BENCH_PASSTHROUGH: "yes" })).toThrow("BENCH_PASSTHROUGH must be 1 or 0.");
  });

  it("shapes to the specification's limits unless TDS_RATE_LIMIT_SCALE says the service raised the agency's", () => {
    expect(parseEnv({}).tdsRateLimitScale).toBe(1);
    expect(parseEnv({ TDS_RATE_LIMIT_SCALE: "" }).tdsRateLimitScale).toBe(1);
    expect(parseEnv({ TDS_RATE_LIMIT_SCALE: " 20 " }).tdsRateLimitScale).toBe(20);
    for (const bad of ["0", "1.5", "x2", "5000", "-3"]) {
      expect(problemsOf({ TDS_RATE_LIMIT_SCALE: bad })).toEqual([
        "TDS_RATE_LIMIT_SCALE must be a whole number from 1 to 1000: how many times the specification's limits the service allows the agency (1 unless it raised them).",
      ]);
    }
  });

  it("keeps the desk's mail in its outbox unless SMTP_URL is set; sends from MAIL_FROM or no-reply@ the app's host", () => {
    expect(parseEnv({})).toMatchObject({ SMTP_URL: undefined, MAIL_FROM: "no-reply@localhost", mailTransport: "outbox" });
    expect(parseEnv({ APP_ORIGIN: "https://desk.sunny.example", SMTP_URL: "smtps://desk:pw@smtp.sunny.example:465" })).toMatchObject({
      SMTP_URL: "smtps://desk:pw@smtp.sunny.example:465",
      MAIL_FROM: "no-reply@desk.sunny.example",
      mailTransport: "smtp",
    });
    expect(parseEnv({ SMTP_URL: "smtp://127.0.0.1:2525", MAIL_FROM: " bookings@sunny.example " })).toMatchObject({ MAIL_FROM: "bookings@sunny.example", mailTransport: "smtp" });
    expect(parseEnv({ SMTP_URL: " ", MAIL_FROM: "" })).toMatchObject({ SMTP_URL: undefined, mailTransport: "outbox" });
  });

  it("treats empty values as unset", () => {
    const env = parseEnv({ TDS_API_KEY: "", DATABASE_URL: " ", AGENCY_CURRENCY: "" });
    expect(env.TDS_API_KEY).toBe(DEV_TDS_API_KEY);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AGENCY_CURRENCY).toBe("USD");
  });

  it("normalises agency currency and market to upper case", () => {
    const env = parseEnv({ AGENCY_CURRENCY: "eur", AGENCY_MARKET: "gb" });
    expect(env.AGENCY_CURRENCY).toBe("EUR");
    expect(env.AGENCY_MARKET).toBe("GB");
  });

  it.each([
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET must be at least 32 characters."],
    [{ APP_ORIGIN: "localhost:3000" }, "APP_ORIGIN must be an http(s) URL such as http://localhost:3000."],
    [{ TDS_BASE_URL: "ftp://x" }, "TDS_BASE_URL must be an http(s) URL such as https://tds.example.com."],
    [
      { DATABASE_URL: "mysql://root@localhost/test" },
      "DATABASE_URL must be a postgres:// URL (leave it unset to use the embedded PGlite database).",
    ],
    [{ REDIS_URL: "127.0.0.1:6379" }, "REDIS_URL must be a redis:// or rediss:// URL."],
    [{ AGENCY_CURRENCY: "XYZ" }, "AGENCY_CURRENCY must be an ISO 4217 currency code such as USD or EUR."],
    [{ AGENCY_CURRENCY: "dollars" }, "AGENCY_CURRENCY must be an ISO 4217 currency code such as USD or EUR."],
    [{ AGENCY_MARKET: "USA" }, "AGENCY_MARKET must be an ISO 3166-1 alpha-2 country code such as US or GB."],
    [{ AGENCY_MARKET: "ZZ" }, "AGENCY_MARKET must be an ISO 3166-1 alpha-2 country code such as US or GB."],
    [{ SANDBOX: "yes" }, "SANDBOX must be on or off."],
    [{ JOBS: "1" }, "JOBS must be on or off (the desk's follow-up jobs, docs/follow-ups.md)."],
    [
      { SMTP_URL: "smtp.example.com:587" },
      "SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465 (leave it unset to keep the desk's mail in its outbox).",
    ],
    [
      { SMTP_URL: "https://smtp.example.com" },
      "SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465 (leave it unset to keep the desk's mail in its outbox).",
    ],
    [
      { MAIL_FROM: "Sunny Days <bookings@sunny.example>" },
      "MAIL_FROM must be one email address such as bookings@youragency.com (the name shown beside it is the agency's, from its profile).",
    ],
    [
      { MAIL_FROM: "bookings@sunny.example\r\nBcc: everyone@example.com" },
      "MAIL_FROM must be one email address such as bookings@youragency.com (the name shown beside it is the agency's, from its profile).",
    ],
    [{ NODE_ENV: "staging" }, "NODE_ENV must be one of development, production or test."],
  ])("rejects %o with a clear message", (source, message) => {
    expect(problemsOf(source)).toEqual([message]);
  });

  it("reports every bad value at once, in one readable error", () => {
    expect(() => parseEnv({ SESSION_SECRET: "short", AGENCY_MARKET: "USA" })).toThrowError(
      "Agency Desk cannot start: the environment is invalid.\n" +
        "  - SESSION_SECRET must be at least 32 characters.\n" +
        "  - AGENCY_MARKET must be an ISO 3166-1 alpha-2 country code such as US or GB.",
    );
  });

  it("requires the key and session secret in production, and turns the sandbox off there", () => {
    expect(problemsOf({ NODE_ENV: "production" })).toEqual([
      "TDS_API_KEY is required in production (the agency's key for the Travel Distribution Service).",
      "SESSION_SECRET is required in production (at least 32 random characters).",
    ]);
    expect(problemsOf({ ...prod, SESSION_SECRET: DEV_SESSION_SECRET })).toEqual([
      "SESSION_SECRET must not be the documented development default in production.",
    ]);
    const env = parseEnv(prod);
    expect(env).toMatchObject({ isProduction: true, TDS_API_KEY: "tdsk_live", tdsApiKeySource: "env", sandboxEnabled: false });
    expect(parseEnv({ ...prod, SANDBOX: "on" }).sandboxEnabled).toBe(true);
    expect(parseEnv({ SANDBOX: "off" }).sandboxEnabled).toBe(false);
  });

  it("never puts a value in its error messages", () => {
    const secret = "s3cret-but-too-short";
    const err = (() => {
      try {
        parseEnv({ SESSION_SECRET: secret, DATABASE_URL: "mysql://user:hunter2@db/x" });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err?.message).not.toContain(secret);
    expect(err?.message).not.toContain("hunter2");
  });
});

describe("redactUrl", () => {
  it("drops the password", () => {
    expect(redactUrl("postgres://app:hunter2@db.internal:5432/desk")).toBe("postgres://app@db.internal:5432/desk");
    expect(redactUrl("not a url")).toBe("(unparseable URL)");
  });
});
