import { Database } from "lucide-react";
import { Callout } from "../ui/callout";
import { Card, CardBody, CardHeader, Fact, FactList } from "../ui/card";
import { Skeleton } from "../ui/skeleton";
import { StatusBadge } from "../ui/status-badge";
import { checkDb, type DbHealth } from "@/lib/db";
import { formatMs } from "./format";

const TITLE = "Database";
const TITLE_ID = "database-status-title";

const engines = { pglite: "PGlite (embedded PostgreSQL)", postgres: "PostgreSQL" } as const;

/** Server component: opens the desk's database (migrating it on first use) and runs `select 1`. */
export async function DatabaseStatusCard() {
  return <DatabaseStatusView health={await checkDb()} />;
}

export function DatabaseStatusView({ health }: { health: DbHealth }) {
  return (
    <Card aria-labelledby={TITLE_ID} data-testid="database-status" className="h-full">
      <CardHeader
        icon={<Database className="size-5" />}
        title={TITLE}
        titleId={TITLE_ID}
        description="Advisors, booking ledger and sign-ins"
        action={
          health.ok ? (
            <StatusBadge tone="ok">Healthy · {formatMs(health.latencyMs)}</StatusBadge>
          ) : (
            <StatusBadge tone="error">Unavailable</StatusBadge>
          )
        }
      />
      <CardBody>
        {health.ok ? null : (
          <Callout title="The desk cannot use its database" className="mb-4">
            <p>{health.message}</p>
          </Callout>
        )}
        <FactList>
          <Fact label="Engine">{engines[health.driver]}</Fact>
          <Fact label="Location">
            <span className="font-mono text-[0.8125rem] break-all">{health.location || "—"}</span>
          </Fact>
          {health.ok && health.migrationsApplied !== null ? (
            <Fact label="Schema">
              {health.migrationsApplied} {health.migrationsApplied === 1 ? "migration" : "migrations"} applied
            </Fact>
          ) : null}
        </FactList>
      </CardBody>
    </Card>
  );
}

export function DatabaseStatusSkeleton() {
  return (
    <Card aria-labelledby={TITLE_ID} aria-busy="true" className="h-full">
      <CardHeader
        icon={<Database className="size-5" />}
        title={TITLE}
        titleId={TITLE_ID}
        description="Advisors, booking ledger and sign-ins"
        action={
          <StatusBadge tone="neutral" pulse>
            Checking…
          </StatusBadge>
        }
      />
      <CardBody>
        <p className="sr-only">Checking the database…</p>
        <div className="space-y-4">
          {["w-28", "w-36", "w-24"].map((width) => (
            <div key={width} className="flex items-center justify-between gap-4">
              <Skeleton className="h-3.5 w-16" />
              <Skeleton className={`h-3.5 ${width}`} />
            </div>
          ))}
        </div>
      </CardBody>
    </Card>
  );
}
