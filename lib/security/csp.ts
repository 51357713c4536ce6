// The Content-Security-Policy of every page, set per request by proxy.ts (docs/bff.md#security).
// Scripts run only with this request's nonce, and what they load ('strict-dynamic'): no
// 'unsafe-inline' and no 'unsafe-eval' for scripts in production. Next reads the nonce from
// the request's own CSP header and puts it on its bootstrap and chunk scripts, which is why
// every page renders dynamically (they do: each reads the session).

export type CspOptions = {
  nonce: string;
  /** `next dev` needs eval (React's call stacks) and its HMR websocket. */
  isDev: boolean;
  /** Origins the service's images come from, besides the app's own (next.config.ts reads them at build). */
  mediaOrigins?: readonly string[];
};

export function contentSecurityPolicy({ nonce, isDev, mediaOrigins = [] }: CspOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDev ? " 'unsafe-eval'" : ""}`,
    // Inline style attributes (React's style={…}, the map and charts) cannot carry a nonce.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...mediaOrigins].join(" "),
    "font-src 'self' data:",
    `connect-src 'self'${isDev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Origins of a list of URLs (comma-separated values), ignoring what does not parse. */
export function originsOf(...values: Array<string | undefined>): string[] {
  const out = new Set<string>();
  for (const value of values.flatMap((v) => v?.split(",") ?? [])) {
    try {
      if (value.trim()) out.add(new URL(value.trim()).origin);
    } catch {
      // ignored: the server's environment check reports bad values
    }
  }
  return [...out];
}
