import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLogs } from "@/lib/log";
import { installRequestGate, refusalFor, SERVED_METHODS } from "./request-gate";

// The gate in front of Next: a server like Next's behind it, which must never see what the gate
// refuses, over a real socket (TRACE cannot be sent with fetch, which is why Next fails on it).

/** Node's http client: any method, a raw path as written (`..` kept), a body or none. */
function send(port: number, method: string, path: string, body?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers: body === undefined ? {} : { "content-type": "text/plain", "content-length": Buffer.byteLength(body) } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("refusalFor", () => {
  it.each(["TRACE", "PROPFIND", "PURGE", "QUERY", "LOCK", "MKCOL", "SEARCH"])("%s on any path: 405 with Allow", (method) => {
    for (const path of ["/", "/login", "/api/bookings", "/api/nope", "/sandbox/api/v1/search"]) {
      expect(refusalFor(method, path)).toMatchObject({ status: 405, code: "method_not_allowed", headers: { Allow: SERVED_METHODS.join(", ") } });
    }
  });

  it.each(["/api/a/../b", "/api/../api/bookings", "/api/%2e%2e/x", "/api/%2E./x", "/api/bookings/.", "/api/./bookings", "/api/bookings/..", "/api/x\\..\\y", "http://desk.test/api/a/%2e%2e/b"])(
    "%s: 404 not_found, wherever it resolves to",
    (path) => {
      for (const method of ["GET", "POST", "DELETE"]) expect(refusalFor(method, path)).toMatchObject({ status: 404, code: "not_found" });
    },
  );

  it.each(["__proto__", "constructor", "prototype", "%5F%5Fproto%5F%5F"])("?%s= on an /api path: 400, the key an unknown field", (key) => {
    const decoded = decodeURIComponent(key);
    expect(refusalFor("GET", `/api/bookings?${key}=x`)).toMatchObject({ status: 400, code: "validation_error", details: [{ path: decoded, message: "Unknown field." }] });
    expect(refusalFor("POST", `/api/search?limit=1&${key}=x&${key}=y`)).toMatchObject({ status: 400, details: [{ path: decoded }] });
  });

  it.each([
    ["GET", "/"],
    ["GET", "/bookings?__proto__=x"],
    ["GET", "/api/bookings?mine=1"],
    ["GET", "/api/bookings?q=__proto__"],
    ["POST", "/api/bookings/bk_1/pay"],
    ["GET", "/api/bookings/a.b"],
    ["GET", "/api/bookings/..a"],
    ["HEAD", "/api/health"],
    ["OPTIONS", "/api/search"],
    ["GET", "/sandbox/api/v1/search/../x"],
    ["GET", "/apiary/../x"],
  ])("lets %s %s through", (method, path) => {
    expect(refusalFor(method, path)).toBeNull();
  });
});

describe("over a real socket", () => {
  const reached: string[] = [];
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    installRequestGate();
    installRequestGate(); // idempotent: dev reloads instrumentation.ts
    server = http.createServer((req, res) => {
      reached.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(200, { "content-type": "text/plain" }).end("next");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers TRACE and other unknown methods 405 in the envelope, with or without a body, in one log line each; Next never sees them", async () => {
    const logs = captureLogs();
    try {
      for (const [method, path, body] of [
        ["TRACE", "/", undefined],
        ["TRACE", "/api/bookings?mine=1", "x=1"],
        ["PROPFIND", "/login", undefined],
        ["PURGE", "/api/nope", "{}"],
      ] as const) {
        const res = await send(port, method, path, body);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow).toBe("GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH");
        expect(res.headers["content-type"]).toBe("application/json");
        expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
        expect(JSON.parse(res.text)).toEqual({
          data: null,
          meta: {},
          error: { code: "method_not_allowed", message: "The desk does not answer this kind of request.", details: [] },
        });
      }
      expect(reached).toEqual([]);
      const lines = logs.lines();
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatchObject({ level: "info", msg: "request", route: "/api/bookings", method: "TRACE", status: 405, errorCode: "method_not_allowed", userId: null });
      expect(logs.text()).not.toContain("mine=1");
    } finally {
      logs.stop();
    }
  });

  it("answers dot paths and prototype-named query keys under /api in the envelope, and lets the rest through", async () => {
    for (const method of ["GET", "POST", "QUERY"]) {
      const res = await send(port, method, "/api/a/../b", method === "GET" ? undefined : "{}");
      expect(res.status, method).toBe(method === "QUERY" ? 405 : 404);
    }
    const dots = await send(port, "GET", "/api/%2e%2e/admin/overview");
    expect(JSON.parse(dots.text)).toMatchObject({ data: null, error: { code: "not_found", message: expect.stringMatching(/^[A-Z].*\.$/) } });
    const proto = await send(port, "GET", "/api/attention?__proto__=x");
    expect(proto.status).toBe(400);
    expect(JSON.parse(proto.text).error).toMatchObject({ code: "validation_error", details: [{ path: "__proto__", message: "Unknown field." }] });
    expect(reached).toEqual([]);

    const fine = await send(port, "GET", "/api/bookings?mine=1");
    expect(fine).toMatchObject({ status: 200, text: "next" });
    const post = await send(port, "POST", "/api/search", '{"productType":"hotel"}');
    expect(post).toMatchObject({ status: 200, text: "next" });
    expect(reached).toEqual(["GET /api/bookings?mine=1", "POST /api/search"]);
  });
});
