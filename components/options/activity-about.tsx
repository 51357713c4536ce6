"use client";

import { useTimeZone } from "@/components/layout/time-zone";
import { usePricer } from "@/components/pricing/client-prices";
import { useQuery } from "@tanstack/react-query";
import { Check, MapPin, RotateCcw, X } from "lucide-react";
import { useState } from "react";
import type * as z from "zod/mini";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { apiGet } from "@/lib/api-client";
import { activityContentSchema } from "@/lib/tds/contract/adapter";
import { cancellationSummary, type CancellationPolicy } from "./format";
import { text } from "./group";

type ActivityContent = z.output<typeof activityContentSchema>;

export const activityContentQuery = (activityKey: string) => ({
  queryKey: ["activity-content", activityKey] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet(`/api/products/activity/${encodeURIComponent(activityKey)}`, activityContentSchema, { signal }),
  // Content changes rarely (the BFF caches it for a day).
  staleTime: 60 * 60_000,
  refetchOnWindowFocus: false,
});

/**
 * What the activity is, beside its options. Loaded on its own: when content fails the options
 * stay usable and this panel says so.
 */
export function ActivityAbout({ activityKey }: { activityKey: string }) {
  const content = useQuery({ ...activityContentQuery(activityKey), enabled: activityKey !== "" });
  return (
    <aside aria-labelledby="activity-about-title" className="rounded-xl border border-slate-200 bg-white shadow-[0_1px_2px_rgb(15_23_42/0.04)]">
      <h2 id="activity-about-title" className="border-b border-slate-100 px-5 py-4 text-[0.9375rem] font-semibold text-ink">
        About this activity
      </h2>
      {content.data ? (
        <AboutBody content={content.data} />
      ) : content.isError ? (
        <div className="space-y-3 px-5 py-5 text-sm text-slate-600" role="alert">
          <p>
            The description could not be loaded. {content.error.message} The options on this page can still be
            selected.
          </p>
          <Button variant="secondary" size="sm" onClick={() => void content.refetch()} pending={content.isFetching}>
            {content.isFetching ? null : <RotateCcw aria-hidden className="size-3.5" />}
            Try again
          </Button>
        </div>
      ) : (
        <div aria-busy="true" className="space-y-3 px-5 py-5">
          <p role="status" className="sr-only">
            Loading the description…
          </p>
          <Skeleton className="aspect-[16/10] w-full rounded-lg" />
          <Skeleton className="h-3.5 w-full" />
          <Skeleton className="h-3.5 w-11/12" />
          <Skeleton className="h-3.5 w-4/6" />
          <Skeleton className="mt-4 h-4 w-28" />
          <Skeleton className="h-3.5 w-3/4" />
          <Skeleton className="h-3.5 w-2/3" />
        </div>
      )}
    </aside>
  );
}

/** The content's policy: a sentence as sent, or a structured policy summarised. */
function policyText(policy: ActivityContent["cancellationPolicy"], timeZone: string, clientPrices: boolean): string | null {
  if (typeof policy === "string") return text(policy);
  if (!policy) return null;
  const p = policy as Record<string, unknown>;
  for (const key of ["description", "text", "summary"]) if (text(p[key])) return text(p[key]);
  const refundable = p.refundable;
  if (typeof refundable === "boolean") {
    const deadlines = (Array.isArray(p.deadlines) ? p.deadlines : []) as CancellationPolicy["deadlines"];
    // With Client prices on, a fee stated against no price is not said (it would be the cost's).
    return cancellationSummary(refundable, { ...p, refundable, deadlines }, { timeZone, shownPriceMinor: clientPrices ? null : undefined }).detail;
  }
  return null;
}

function AboutBody({ content }: { content: ActivityContent }) {
  const timeZone = useTimeZone();
  const policy = policyText(content.cancellationPolicy, timeZone, usePricer().on);
  return (
    <div className="space-y-5 px-5 py-5">
      <Gallery images={content.images} name={content.name} />
      {content.description ? <p className="text-sm leading-relaxed text-slate-700">{content.description}</p> : null}
      <List title="Highlights" items={content.highlights} />
      <List title="Included" items={content.inclusions} icon="yes" />
      <List title="Not included" items={content.exclusions} icon="no" />
      {content.meetingPoint ? (
        <div>
          <h3 className="text-sm font-semibold text-ink">Meeting point</h3>
          <p className="mt-1.5 flex gap-2 text-sm leading-relaxed text-slate-700">
            <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
            {content.meetingPoint}
          </p>
        </div>
      ) : null}
      {policy ? (
        <div>
          <h3 className="text-sm font-semibold text-ink">Cancellation policy</h3>
          <p className="mt-1.5 text-sm leading-relaxed text-slate-700">{policy}</p>
          <p className="mt-1 text-xs text-slate-500">Each option&apos;s own terms, shown beside it, are the ones that apply.</p>
        </div>
      ) : null}
    </div>
  );
}

function Gallery({ images, name }: { images: ActivityContent["images"]; name: string }) {
  const [current, setCurrent] = useState(0);
  if (images.length === 0) return null;
  const main = images[Math.min(current, images.length - 1)]!;
  return (
    <figure>
      {/* Plain <img>: media is served by the service's origin, already sized. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={main.url} alt={main.caption ?? name} className="aspect-[16/10] w-full rounded-lg bg-slate-100 object-cover" />
      {main.caption ? <figcaption className="mt-1.5 text-xs text-slate-500">{main.caption}</figcaption> : null}
      {images.length > 1 ? (
        <ul className="mt-2 flex gap-2" aria-label="Photos">
          {images.slice(0, 6).map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => setCurrent(i)}
                aria-label={`Show photo ${i + 1} of ${images.length}${image.caption ? `: ${image.caption}` : ""}`}
                aria-pressed={i === current}
                className={cn("block overflow-hidden rounded-md ring-2 ring-offset-1", i === current ? "ring-brand-600" : "ring-transparent hover:ring-slate-300")}
              >
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img src={image.url} alt="" className="h-11 w-16 bg-slate-100 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}

function List({ title, items, icon }: { title: string; items: string[]; icon?: "yes" | "no" }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-ink">{title}</h3>
      <ul className="mt-1.5 space-y-1 text-sm text-slate-700">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            {icon === "yes" ? (
              <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            ) : icon === "no" ? (
              <X aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
            ) : (
              <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-400" />
            )}
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}
