import "server-only";
import { getEnv } from "@/lib/server-env";
import { createTdsClient, type TdsClient } from "./client";

let client: TdsClient | undefined;

/** The app's one client of the service, configured from the environment (TDS_BASE_URL, TDS_API_KEY). */
export function getTdsClient(): TdsClient {
  if (!client) {
    const env = getEnv();
    client = createTdsClient({ baseUrl: env.TDS_BASE_URL, apiKey: env.TDS_API_KEY });
  }
  return client;
}
