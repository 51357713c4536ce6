import "server-only";

// The server environment for app code; the `server-only` import makes any attempt to
// bundle it into a client component a build error, so secrets stay on the server.
export { env, getEnv, type Env } from "./env";
