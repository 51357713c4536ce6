import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddress, clientIp, fromTrustedProxy, parseTrustedProxies, PEER_HEADER, throttleKey, UNKNOWN_PEER } from "./client-address";
import { EnvError, parseEnv } from "../env";
import { createLoginThrottle } from "./throttle";
import { stampPeerAddress } from "./peer-stamp";

const none = parseTrustedProxies(undefined);
const proxy = parseTrustedProxies("10.0.0.5, 172.28.0.0/24, ::1");
const h = (init: Record<string, string>) => new Headers(init);

describe("TRUSTED_PROXIES", () => {
  it("takes addresses and CIDR ranges, IPv4 and IPv6, and names a bad entry", () => {
    expect(proxy.has("10.0.0.5")).toBe(true);
    expect(proxy.has("::ffff:10.0.0.5")).toBe(true);
    expect(proxy.has("172.28.0.200")).toBe(true);
    expect(proxy.has("172.28.1.1")).toBe(false);
    expect(proxy.has("::1")).toBe(true);
    expect(proxy.has("not an address")).toBe(false);
    for (const bad of ["10.0.0", "10.0.0.0/33", "example.com", "10.0.0.0/8/1", "::1/129", "10.0.0.0/x"]) {
      expect(() => parseTrustedProxies(bad), bad).toThrow(`TRUSTED_PROXIES: "${bad}" is not an IP address or a CIDR range`);
    }
  });

  it("is checked with the rest of the environment at start", () => {
    expect(() => parseEnv({ TRUSTED_PROXIES: "10.0.0.5, nginx" })).toThrow(EnvError);
    expect(() => parseEnv({ TRUSTED_PROXIES: "10.0.0.5, nginx" })).toThrow('TRUSTED_PROXIES: "nginx" is not an IP address');
    expect(() => parseEnv({ TRUSTED_PROXIES: "10.0.0.5, 172.28.0.0/24, ::1" })).not.toThrow();
  });
});

describe("the client's address", () => {
  it("is the socket's address when it is not a trusted proxy, whatever X-Forwarded-For claims", () => {
    expect(clientAddress(h({ [PEER_HEADER]: "203.0.113.9", "x-forwarded-for": "1.2.3.4" }), none)).toBe("203.0.113.9");
    expect(clientAddress(h({ [PEER_HEADER]: "::ffff:203.0.113.9", "x-forwarded-for": "1.2.3.4" }), proxy)).toBe("203.0.113.9");
  });

  it("from a trusted proxy, is the nearest untrusted X-Forwarded-For entry", () => {
    expect(clientAddress(h({ [PEER_HEADER]: "10.0.0.5", "x-forwarded-for": "9.9.9.9, 198.51.100.7" }), proxy)).toBe("198.51.100.7");
    // A client's own claim to the left of what the proxies appended is ignored.
    expect(clientAddress(h({ [PEER_HEADER]: "10.0.0.5", "x-forwarded-for": "9.9.9.9, 198.51.100.7, 172.28.0.3" }), proxy)).toBe("198.51.100.7");
    expect(clientAddress(h({ [PEER_HEADER]: "10.0.0.5" }), proxy)).toBe("10.0.0.5");
  });

  it("without a stamped socket address, is unknown: X-Forwarded-For alone proves nothing, trusted proxies or not", () => {
    expect(clientAddress(h({ "x-forwarded-for": "1.1.1.1, 10.0.0.5" }), none)).toBe(UNKNOWN_PEER);
    expect(clientAddress(h({ "x-forwarded-for": "1.1.1.1", "x-real-ip": "1.1.1.2" }), proxy)).toBe(UNKNOWN_PEER);
    expect(clientAddress(h({ [PEER_HEADER]: " " }), none)).toBe(UNKNOWN_PEER);
    expect(clientAddress(h({}), none)).toBe(UNKNOWN_PEER);
  });
});

describe("the throttle's key of an address", () => {
  it("is an IPv4 address itself, and an IPv6 address's /64 network, however it is written", () => {
    expect(throttleKey("203.0.113.9")).toBe("203.0.113.9");
    expect(throttleKey(UNKNOWN_PEER)).toBe(UNKNOWN_PEER);
    const net = "2001:db8:85a3:8d3::/64";
    for (const a of ["2001:db8:85a3:8d3::1", "2001:0db8:85a3:08d3:ffff:ffff:ffff:fffe", "2001:DB8:85A3:8D3:1:2:3:4", "2001:db8:85a3:8d3:0:0:1.2.3.4", "2001:db8:85a3:8d3::7%eth0"]) {
      expect(throttleKey(a), a).toBe(net);
    }
    expect(throttleKey("2001:db8:85a3:8d4::1")).toBe("2001:db8:85a3:8d4::/64");
    expect(throttleKey("::1")).toBe("0:0:0:0::/64");
    expect(throttleKey("::")).toBe("0:0:0:0::/64");
    expect(throttleKey("fe80::1")).toBe("fe80:0:0:0::/64");
    expect(throttleKey("1::")).toBe("1:0:0:0::/64");
  });
});

describe("the stamp", () => {
  it("covers http and https servers, every event that hands over a request, and a closed socket", () => {
    stampPeerAddress();
    stampPeerAddress(); // idempotent: dev reloads instrumentation.ts
    const fake = (remoteAddress: string | undefined) =>
      ({ headers: { [PEER_HEADER]: "6.6.6.6" }, socket: { remoteAddress } }) as unknown as http.IncomingMessage;
    const seen: string[] = [];
    const record = (req: http.IncomingMessage) => seen.push(String(req.headers[PEER_HEADER]));
    for (const server of [http.createServer(), https.createServer({})]) {
      server.on("request", record).on("checkContinue", record).on("checkExpectation", record);
      server.emit("request", fake("198.51.100.1"), {});
      server.emit("checkContinue", fake("::ffff:198.51.100.2"), {});
      server.emit("checkExpectation", fake(undefined), {});
    }
    expect(seen).toEqual(["198.51.100.1", "::ffff:198.51.100.2", UNKNOWN_PEER, "198.51.100.1", "::ffff:198.51.100.2", UNKNOWN_PEER]);
  });
});

describe("over a real socket", () => {
  // A server like Next's: handlers see headers only; the stamp adds the socket's address.
  const throttle = createLoginThrottle({ kind: "memory" });
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    stampPeerAddress();
    server = http.createServer((req, res) => {
      void (async () => {
        const headers = new Headers(Object.entries(req.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v] as [string, string]] : [])));
        const ip = clientAddress(headers, none);
        // A failed sign-in for a fresh account each time, from this address: counted, then
        // refused once the address is over its limit (20 in 15 minutes).
        const account = `someone-${Math.random()}@example.com`;
        const verdict = await throttle.attempt(account, ip);
        res.writeHead(verdict.allowed ? 401 : 429, { "content-type": "text/plain" }).end(ip ?? "");
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/login`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("rotating X-Forwarded-For from a throttled address still gets 429, and a forged peer header is replaced", async () => {
    const send = (i: number) =>
      fetch(url, { method: "POST", headers: { "x-forwarded-for": `198.51.100.${i}`, [PEER_HEADER]: `203.0.113.${i}` } });
    const statuses: number[] = [];
    const addresses = new Set<string>();
    for (let i = 1; i <= 30; i++) {
      const res = await send(i);
      statuses.push(res.status);
      addresses.add(await res.text());
    }
    // Every attempt counted against the socket's address, the only one seen.
    expect([...addresses]).toEqual(["127.0.0.1"]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    expect(statuses.slice(-10)).toEqual(Array(10).fill(429));
  });
});

describe("clientIp", () => {
  it("is the stamped socket's address (IPv6 by its /64), never X-Forwarded-For alone", () => {
    expect(clientIp(h({ [PEER_HEADER]: "203.0.113.9", "x-forwarded-for": "1.1.1.1" }))).toBe("203.0.113.9");
    expect(clientIp(h({ [PEER_HEADER]: "2001:db8::9" }))).toBe("2001:db8:0:0::/64");
    expect(clientIp(h({ "x-forwarded-for": "1.1.1.1, 10.0.0.5" }))).toBe(UNKNOWN_PEER);
    expect(clientIp(h({ "x-real-ip": "10.0.0.6" }))).toBe(UNKNOWN_PEER);
  });
});

describe("fromTrustedProxy", () => {
  it("is true only for a request whose stamped socket address is in TRUSTED_PROXIES", () => {
    expect(fromTrustedProxy(h({ [PEER_HEADER]: "10.0.0.5" }), proxy)).toBe(true);
    expect(fromTrustedProxy(h({ [PEER_HEADER]: "::ffff:172.28.0.9" }), proxy)).toBe(true);
    expect(fromTrustedProxy(h({ [PEER_HEADER]: "203.0.113.9" }), proxy)).toBe(false);
    expect(fromTrustedProxy(h({ [PEER_HEADER]: "10.0.0.5" }), none)).toBe(false);
    expect(fromTrustedProxy(h({ "x-forwarded-for": "10.0.0.5" }), proxy)).toBe(false);
  });
});
