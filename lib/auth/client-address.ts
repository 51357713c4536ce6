import { BlockList, isIP } from "node:net";
import { log } from "@/lib/log";

// The client's address, for the per-address sign-in throttle. X-Forwarded-For is anyone's to
// write, so it is believed only when the request came from a proxy the operator trusts
// (TRUSTED_PROXIES); otherwise the socket's own address counts. Route handlers cannot see the
// socket, so instrumentation.ts stamps it on every request as PEER_HEADER (replacing any copy a
// client sent) before Next handles it (lib/auth/peer-stamp.ts).

export const PEER_HEADER = "x-agency-desk-peer";
/**
 * The address of a request whose socket address is not known: one the stamp did not see (it
 * arrived while the server was starting, before instrumentation.ts ran) or whose socket had
 * already closed. Such requests share one count rather than being believed about who they are.
 */
export const UNKNOWN_PEER = "unknown";

/** `::ffff:10.0.0.1` (IPv4 on an IPv6 socket) as `10.0.0.1`. */
export function normalizeAddress(address: string): string {
  const a = address.trim();
  return a.toLowerCase().startsWith("::ffff:") && isIP(a.slice(7)) === 4 ? a.slice(7) : a;
}

export type TrustedProxies = { has: (address: string) => boolean; entries: string[] };

/**
 * TRUSTED_PROXIES: comma-separated addresses or CIDR ranges (`10.0.0.5, 172.28.0.0/24, ::1`).
 * Throws with a sentence naming the first entry that is neither.
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const list = new BlockList();
  const entries = (value ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address = "", bits, extra] = entry.split("/");
    const family = isIP(address);
    const prefix = bits === undefined ? null : Number(bits);
    const maxBits = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (prefix !== null && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= maxBits && /^\d+$/.test(bits!)))) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or a CIDR range such as 10.0.0.0/8.`);
    }
    const type = family === 6 ? "ipv6" : "ipv4";
    if (prefix === null) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return {
    entries,
    has: (address) => {
      const a = normalizeAddress(address);
      const family = isIP(a);
      return family !== 0 && list.check(a, family === 6 ? "ipv6" : "ipv4");
    },
  };
}

let cached: { value: string | undefined; parsed: TrustedProxies } | undefined;
function trustedFromEnv(): TrustedProxies {
  const value = process.env.TRUSTED_PROXIES;
  if (!cached || cached.value !== value) cached = { value, parsed: parseTrustedProxies(value) };
  return cached.parsed;
}

/**
 * Who sent the request: the socket's address, unless that is a trusted proxy; then the
 * X-Forwarded-For entries are read from the right (the nearest proxy's own addition first),
 * skipping trusted proxies, and the first untrusted one is the client. Without a stamped
 * socket address X-Forwarded-For proves nothing (Next itself keeps a client's copy), so the
 * answer is UNKNOWN_PEER.
 */
export function clientAddress(headers: Headers, trusted: TrustedProxies = trustedFromEnv()): string {
  const peer = headers.get(PEER_HEADER)?.trim();
  if (!peer) return UNKNOWN_PEER;
  const socket = normalizeAddress(peer);
  if (!trusted.has(socket)) return socket;
  const forwarded = (headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(forwarded[i]!);
    if (!trusted.has(hop)) return hop;
  }
  return forwarded.length > 0 ? normalizeAddress(forwarded[0]!) : socket;
}

/** Whether the request came straight from a proxy in TRUSTED_PROXIES (its stamped socket address), whose X-Forwarded-* headers may be believed. */
export function fromTrustedProxy(headers: Headers, trusted: TrustedProxies = trustedFromEnv()): boolean {
  const peer = headers.get(PEER_HEADER)?.trim();
  return !!peer && trusted.has(peer);
}

/** The eight 16-bit groups of an IPv6 address (`isIP(address) === 6`), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split("%")[0]!;
  // A dotted IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) is the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, extra] = text.split("::");
  if (extra !== undefined) return null;
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups = tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The key the throttle counts a client's failures under: its IPv4 address, or the /64 network
 * of its IPv6 address, since one subscriber usually holds a whole /64 (often more) and could
 * otherwise start afresh from each of its addresses.
 */
export function throttleKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  return groups ? `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64` : address;
}

let warnedUnknown = false;

/**
 * The key of the client's address for per-address throttling (sign-in): the socket's address,
 * or behind TRUSTED_PROXIES the one they forwarded; IPv6 by its /64.
 */
export function clientIp(headers: Headers): string {
  const address = clientAddress(headers);
  if (address === UNKNOWN_PEER && !warnedUnknown) {
    warnedUnknown = true;
    log.warn(
      { reason: "no socket address stamped" },
      "a sign-in came without its socket address (sent before instrumentation.ts ran, or its connection had closed); such sign-ins share one throttle count",
    );
  }
  return throttleKey(address);
}
