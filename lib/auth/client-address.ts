import { BlockList, isIP } from "node:net";

// The client's address, for the per-address sign-in throttle. X-Forwarded-For is anyone's to
// write, so it is believed only when the request came from a proxy the operator trusts
// (TRUSTED_PROXIES); otherwise the socket's own address counts. Route handlers cannot see the
// socket, so instrumentation.ts stamps it on every request as PEER_HEADER (replacing any copy a
// client sent) before Next handles it.

export const PEER_HEADER = "x-agency-desk-peer";

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
 * skipping trusted proxies, and the first untrusted one is the client. Without the stamped
 * socket address (code run outside the server, such as tests) the last X-Forwarded-For entry.
 */
export function clientAddress(headers: Headers, trusted: TrustedProxies = trustedFromEnv()): string | null {
  const peer = headers.get(PEER_HEADER)?.trim();
  const forwarded = (headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (!peer) return forwarded.at(-1) ?? headers.get("x-real-ip") ?? null;
  const socket = normalizeAddress(peer);
  if (!trusted.has(socket)) return socket;
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(forwarded[i]!);
    if (!trusted.has(hop)) return hop;
  }
  return forwarded.length > 0 ? normalizeAddress(forwarded[0]!) : socket;
}
