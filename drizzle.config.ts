import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations from lib/db/schema.ts into drizzle/.
// The app applies them itself at first use (lib/db/index.ts), on PGlite or PostgreSQL.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema.ts",
  out: "./drizzle",
  strict: true,
  verbose: true,
});
