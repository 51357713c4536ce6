import Link from "next/link";
import { Lock, Plug } from "lucide-react";
import { Callout } from "../ui/callout";
import { Card, CardBody, CardFooter, CardHeader } from "../ui/card";
import { cn } from "../ui/cn";
import { Skeleton } from "../ui/skeleton";
import { StatusBadge } from "../ui/status-badge";
import { checkService, type ServiceStatus } from "@/lib/service-status";
import { getEnv } from "@/lib/server-env";
import { formatMs, regionName } from "./format";
import { KNOWN_PRODUCT_TYPES, productTypeMeta } from "./product-types";

const TITLE = "Travel Distribution Service";
const TITLE_ID = "service-status-title";

/** Server component: asks the service, server-side with the agency's key, what is on sale. */
export async function ServiceStatusCard() {
  const env = getEnv();
  const status = await checkService({ baseUrl: env.TDS_BASE_URL, apiKey: env.TDS_API_KEY, market: env.AGENCY_MARKET });
  return <ServiceStatusView status={status} />;
}

export function ServiceStatusView({ status }: { status: ServiceStatus }) {
  const market = `${regionName(status.market)} (${status.market})`;
  return (
    <Card aria-labelledby={TITLE_ID} data-testid="service-status">
      <CardHeader
        icon={<Plug className="size-5" />}
        title={TITLE}
        titleId={TITLE_ID}
        description={
          <>
            Inventory and booking service · <span className="font-mono text-[0.8125rem]">{status.endpoint}</span>
          </>
        }
        action={
          status.ok ? (
            <StatusBadge tone="ok">Connected · {formatMs(status.latencyMs)}</StatusBadge>
          ) : (
            <StatusBadge tone="error">Unavailable</StatusBadge>
          )
        }
      />
      <CardBody>
        {status.ok ? <ProductsOnSale productTypes={status.productTypes} market={market} /> : <ServiceError status={status} />}
      </CardBody>
      <CardFooter>
        <Lock className="size-3.5 shrink-0" />
        Checked from the server with the agency&apos;s API key. The key never reaches the browser.
      </CardFooter>
    </Card>
  );
}

function ProductsOnSale({ productTypes, market }: { productTypes: string[]; market: string }) {
  const onSale = new Set(productTypes);
  const shown = [...KNOWN_PRODUCT_TYPES, ...productTypes.filter((t) => !(KNOWN_PRODUCT_TYPES as readonly string[]).includes(t))];
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-700">
        {onSale.size === 0 ? (
          <>Nothing is on sale in {market} right now</>
        ) : (
          <>
            {onSale.size} of {shown.length} product types on sale in {market}
          </>
        )}
      </h3>
      <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-label={`Product types in ${market}`}>
        {shown.map((type) => {
          const { label, description, Icon } = productTypeMeta(type);
          const available = onSale.has(type);
          return (
            <li
              key={type}
              className={cn(
                "flex gap-3 rounded-lg border p-4 xl:flex-col",
                available ? "border-slate-200 bg-white" : "border-dashed border-slate-200 bg-slate-50/60",
              )}
            >
              <div className="flex shrink-0 items-start justify-between gap-3 xl:w-full">
                <span
                  className={cn(
                    "grid size-10 place-items-center rounded-lg",
                    available ? "bg-brand-50 text-brand-700" : "bg-slate-100 text-slate-400",
                  )}
                >
                  <Icon className="size-5" />
                </span>
                <span className="hidden xl:block">
                  <Availability available={available} />
                </span>
              </div>
              <div className="min-w-0 flex-1">
                <p className={cn("text-sm font-semibold", available ? "text-ink" : "text-slate-500")}>{label}</p>
                <p className="mt-0.5 text-xs leading-relaxed text-slate-500">{description}</p>
              </div>
              <span className="shrink-0 self-center xl:hidden">
                <Availability available={available} />
              </span>
            </li>
          );
        })}
      </ul>
      {onSale.size === 0 ? (
        <p className="mt-4 text-sm text-slate-500">
          The service offers no product types in this market. Check AGENCY_MARKET, or ask the service&apos;s support
          which markets the agency may sell in.
        </p>
      ) : null}
    </div>
  );
}

function Availability({ available }: { available: boolean }) {
  return available ? <StatusBadge tone="ok">On sale</StatusBadge> : <StatusBadge tone="neutral">Not offered</StatusBadge>;
}

const titles: Record<Extract<ServiceStatus, { ok: false }>["problem"], string> = {
  unreachable: "The desk cannot reach the service",
  timeout: "The service is not answering",
  unauthorized: "The service refused the agency's API key",
  forbidden: "The service refused the agency",
  rate_limited: "Too many requests to the service",
  rejected: "The service rejected the status check",
  service_error: "The service is having problems",
  invalid_response: "The service's answer could not be read",
};

function ServiceError({ status }: { status: Extract<ServiceStatus, { ok: false }> }) {
  return (
    <div className="space-y-4">
      <Callout title={titles[status.problem]}>
        <p>{status.message}</p>
        {status.serviceMessage ? <p>The service said: “{status.serviceMessage}”</p> : null}
        {status.httpStatus || status.code ? (
          <p className="mt-1 font-mono text-xs opacity-80">
            {[status.httpStatus ? `HTTP ${status.httpStatus}` : null, status.code].filter(Boolean).join(" · ")}
          </p>
        ) : null}
      </Callout>
      <p className="text-sm text-slate-500">
        Advisors cannot search or book until the service answers.{" "}
        <Link href="/" prefetch={false} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Check again
        </Link>
      </p>
    </div>
  );
}

export function ServiceStatusSkeleton() {
  return (
    <Card aria-labelledby={TITLE_ID} aria-busy="true">
      <CardHeader
        icon={<Plug className="size-5" />}
        title={TITLE}
        titleId={TITLE_ID}
        description="Inventory and booking service"
        action={
          <StatusBadge tone="neutral" pulse>
            Checking…
          </StatusBadge>
        }
      />
      <CardBody>
        <p className="sr-only">Checking which products are on sale…</p>
        <Skeleton className="h-4 w-56" />
        <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {KNOWN_PRODUCT_TYPES.map((t) => (
            <div key={t} className="flex gap-3 rounded-lg border border-slate-100 p-4 xl:flex-col">
              <Skeleton className="size-10 shrink-0 rounded-lg" />
              <div className="flex-1 space-y-2 self-center xl:self-stretch">
                <Skeleton className="h-3.5 w-20" />
                <Skeleton className="h-3 w-32" />
              </div>
            </div>
          ))}
        </div>
      </CardBody>
      <CardFooter>
        <Lock className="size-3.5 shrink-0" />
        Checked from the server with the agency&apos;s API key. The key never reaches the browser.
      </CardFooter>
    </Card>
  );
}
