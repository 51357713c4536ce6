"use client";

import { isServer, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { TimeZoneProvider } from "@/components/layout/time-zone";
import { ClientPricesProvider } from "@/components/pricing/client-prices";
import { ApiError } from "@/lib/api-client";

// Our CSP forbids eval; without this zod 4 probes `new Function` to decide whether to JIT. zod
// keeps its one global setting on globalThis (`__zod_globalConfig`, read when a schema parses, and
// taken as it is by zod when it loads after this): set there, so that every page does not load zod
// for it, only the pages that parse with it (app/providers.test.ts checks zod sees it).
const zodConfig = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };
Object.assign((zodConfig.__zod_globalConfig ??= {}), { jitless: true });

const MAX_RETRIES = 2;

/** Retry only what may succeed next time: no response at all, or a 5xx. Never a 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  return error instanceof ApiError && (error.isNetworkError || error.status >= 500);
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

function getQueryClient(): QueryClient {
  // A new client per server render so users never share a cache; one for the browser's life.
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}

export function Providers({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  const [client] = useState(getQueryClient);
  return (
    <QueryClientProvider client={client}>
      <TimeZoneProvider serverZone={timeZone}>
        <ClientPricesProvider>{children}</ClientPricesProvider>
      </TimeZoneProvider>
    </QueryClientProvider>
  );
}
