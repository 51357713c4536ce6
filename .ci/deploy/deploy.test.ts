import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { parse } from "yaml";

// The deployment files are written, not run here (no Docker engine): this checks what can be
// checked without one. The compose file parses and wires two app replicas behind the proxy to
// one PostgreSQL and one Redis; the app gets every setting production requires; the proxy's
// address is the only one whose X-Forwarded-For the app believes; the Dockerfile builds the
// standalone server that next.config.ts makes under NEXT_OUTPUT=standalone.

const dir = path.dirname(new URL(import.meta.url).pathname);
const read = (name: string) => readFileSync(path.join(dir, name), "utf8");

type Service = {
  image?: string;
  build?: { context: string; dockerfile: string; target?: string };
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }> | string[];
  networks?: string[] | Record<string, { ipv4_address?: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  profiles?: string[];
};
const compose = parse(read("compose.yaml"), { merge: true }) as {
  services: Record<string, Service>;
  networks: Record<string, { ipam: { config: Array<{ subnet: string }> } }>;
};

describe("compose.yaml", () => {
  const { app, proxy, postgres, redis } = compose.services;

  it("runs two app replicas behind the proxy, with PostgreSQL and Redis healthy first", () => {
    expect(app?.deploy?.replicas).toBe(2);
    expect(app?.build).toMatchObject({ context: "../..", dockerfile: ".ci/deploy/Dockerfile" });
    expect(app?.depends_on).toEqual({ postgres: { condition: "service_healthy" }, redis: { condition: "service_healthy" } });
    expect(postgres?.healthcheck?.test.join(" ")).toContain("pg_isready");
    expect(redis?.healthcheck?.test).toContain("ping");
    expect(proxy?.volumes).toContain("./nginx.conf:/etc/nginx/nginx.conf:ro");
  });

  it("gives the app what production requires, pointing at the compose services", () => {
    const env = app!.environment!;
    expect(env.NODE_ENV).toBe("production");
    for (const required of ["TDS_BASE_URL", "TDS_API_KEY", "SESSION_SECRET"]) {
      // Refused at `up` with a sentence when the operator did not set it.
      expect(env[required]).toMatch(new RegExp(`^\\$\\{${required}:\\?.+\\}$`));
    }
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/desk:.+@postgres:5432\/desk$/);
    expect(env.REDIS_URL).toBe("redis://redis:6379");
    expect(env.SANDBOX).toBe("off");
    expect(env.SEED_DEMO_USERS).toBe("0");
  });

  it("believes X-Forwarded-For from the proxy's fixed address only, inside the network's subnet", () => {
    const env = app!.environment!;
    const proxyAddress = (proxy!.networks as Record<string, { ipv4_address: string }>).desk!.ipv4_address;
    expect(env.TRUSTED_PROXIES).toBe(proxyAddress);
    const subnet = compose.networks.desk!.ipam.config[0]!.subnet;
    expect(proxyAddress.split(".").slice(0, 3).join(".")).toBe(subnet.split("/")[0]!.split(".").slice(0, 3).join("."));
  });

  it("names only settings the app knows (README's configuration table)", () => {
    const readme = readFileSync(path.join(dir, "../../README.md"), "utf8");
    const documented = new Set([...readme.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]));
    for (const name of Object.keys(app!.environment!)) {
      if (name === "NODE_ENV") continue;
      expect(documented, `${name} is not in the README's configuration table`).toContain(name);
    }
  });

  it("has a one-off create-admin tool on the build stage", () => {
    const tool = compose.services["create-admin"]!;
    expect(tool.build?.target).toBe("build");
    expect(tool.profiles).toEqual(["tools"]);
    expect(tool.environment?.DATABASE_URL).toBe(app!.environment!.DATABASE_URL);
  });
});

describe("nginx.conf", () => {
  const conf = read("nginx.conf");
  it("spreads requests over every replica of `app` and appends the client's address", () => {
    expect(conf).toMatch(/upstream desk \{[^}]*server app:3000 resolve;/);
    expect(conf).toContain("proxy_pass http://desk;");
    expect(conf).toContain("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
    expect(conf).toContain("listen 8080;");
  });
});

describe("Dockerfile", () => {
  const file = read("Dockerfile");
  const stages = [...file.matchAll(/^FROM \S+ AS (\S+)$/gm)].map((m) => m[1]);

  it("builds the standalone server in stages and runs it as a non-root user with a health check", () => {
    expect(stages).toEqual(["deps", "build", "run"]);
    expect(file).toMatch(/NEXT_OUTPUT=standalone/);
    expect(file).toContain("RUN npx next build");
    for (const copied of [".next/standalone", ".next/static", "public", "drizzle"]) {
      expect(file).toContain(`/app/${copied} `);
    }
    expect(file).toMatch(/^USER desk$/m);
    expect(file).toMatch(/^HEALTHCHECK .*\n.*\/api\/health/m);
    expect(file).toMatch(/^CMD \["node", "server.js"\]$/m);
    // Never a secret in the image.
    const instructions = file.split("\n").filter((line) => !line.startsWith("#")).join("\n");
    expect(instructions).not.toMatch(/TDS_API_KEY|SESSION_SECRET|DATABASE_URL/);
  });

  it("keeps node_modules, builds, data and secrets out of the context", () => {
    const ignored = read("Dockerfile.dockerignore").split("\n");
    for (const entry of ["node_modules", ".next", ".data", ".git", ".env*"]) expect(ignored).toContain(entry);
  });

  it("matches next.config.ts: standalone output under NEXT_OUTPUT=standalone, the usual build otherwise", async () => {
    const load = async () => {
      vi.resetModules();
      return (await import("../../next.config")).default as { output?: string };
    };
    const before = process.env.NEXT_OUTPUT;
    try {
      process.env.NEXT_OUTPUT = "standalone";
      expect((await load()).output).toBe("standalone");
      delete process.env.NEXT_OUTPUT;
      expect((await load()).output).toBeUndefined();
    } finally {
      if (before === undefined) delete process.env.NEXT_OUTPUT;
      else process.env.NEXT_OUTPUT = before;
    }
  });
});
