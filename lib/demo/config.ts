// Demo data switches, read by the sandbox mount and the start-up (no imports: the mount stays light).

/** How many bookings the sandbox's demo agency starts with in development. */
export const DEMO_BOOKINGS = 40;

/** Whether a first run makes demo data: development only, unless SEED_DEMO_DATA=0. */
export function demoDataEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV !== "production" && env.SEED_DEMO_DATA !== "0";
}
