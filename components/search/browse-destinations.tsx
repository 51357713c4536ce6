"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { Compass, MapPin, X } from "lucide-react";
import { useEffect, useState } from "react";
import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Heading,
  Input,
  ListBox,
  ListBoxItem,
  Modal,
  ModalOverlay,
  SearchField,
} from "react-aria-components";
import { Button, buttonClasses } from "@/components/ui/button";
import { AriaLabel } from "@/components/ui/aria-field";
import { Callout } from "@/components/ui/callout";
import { cn } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { apiGet } from "@/lib/api-client";
import type { Place } from "@/lib/search/criteria";
import { destinationsPageSchema } from "@/lib/tds/contract/schemas";
import { countryName } from "./country-select";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";

// Browsing every activity or transfer destination (a dialog with a filter and pages): its own
// module, so the Transfers tab does not load the activity form with it.

const PAGE = 20;

type BrowseKind = "activity" | "transfer";
const BROWSE: Record<BrowseKind, { button: string; title: string; more: string; noun: string; limit: number }> = {
  activity: { button: "Browse destinations", title: "Activity destinations", more: "More destinations", noun: "destination", limit: PAGE },
  // Transfer pages mix airports with areas, and only airports are offered: ask for the most a page holds.
  transfer: { button: "Browse airports", title: "Transfer airports", more: "More airports", noun: "airport", limit: 100 },
};

/**
 * The service's destinations (GET /api/destinations), filtered by name and paged with "More":
 * activity destinations (a destinationCode), or for transfers the airports it serves (transfer
 * destinations are areas, not pickup points, so they are not offered).
 */
export function BrowseDestinations({ onPick, productType = "activity" }: { onPick: (place: Place) => void; productType?: BrowseKind }) {
  const [open, setOpen] = useState(false);
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <AriaButton className={cn(buttonClasses({ variant: "ghost", size: "sm" }), "-ml-2.5 text-brand-700")}>
        <Compass className="size-3.5" aria-hidden />
        {BROWSE[productType].button}
      </AriaButton>
      <ModalOverlay isDismissable className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/40 p-0 sm:items-center sm:p-6">
        <Modal className="flex max-h-[85dvh] w-full max-w-lg flex-col overflow-hidden rounded-t-2xl bg-white shadow-xl outline-none sm:rounded-2xl">
          <Dialog className="flex min-h-0 flex-1 flex-col outline-none">
            {({ close }) => (
              <DestinationBrowser
                productType={productType}
                onClose={close}
                onPick={(p) => {
                  onPick(p);
                  close();
                }}
              />
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

function DestinationBrowser({ productType, onPick, onClose }: { productType: BrowseKind; onPick: (place: Place) => void; onClose: () => void }) {
  const [filter, setFilter] = useState("");
  const q = useDebouncedValue(filter.trim(), 250);
  const { limit, noun } = BROWSE[productType];
  const list = useInfiniteQuery({
    queryKey: ["destinations", { productType, q, limit }],
    queryFn: ({ pageParam, signal }) =>
      apiGet("/api/destinations", destinationsPageSchema, {
        query: { productType, q: q || undefined, limit, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 10 * 60_000,
  });
  const items = (list.data?.pages.flatMap((p) => p.items) ?? []).filter((d) => productType === "activity" || d.kind === "transfer_airport");
  // Pages that held none of what is offered (areas, for transfers) read on, so the list never looks
  // empty while more is to come.
  const { hasNextPage, isFetching, isError, fetchNextPage } = list;
  const readOn = items.length === 0 && hasNextPage && !isError;
  useEffect(() => {
    if (readOn && !isFetching) void fetchNextPage();
  }, [readOn, isFetching, fetchNextPage]);

  return (
    <>
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <Heading slot="title" className="text-base font-semibold text-ink">
          {BROWSE[productType].title}
        </Heading>
        <Button variant="ghost" size="sm" aria-label="Close" onClick={onClose}>
          <X className="size-4" aria-hidden />
        </Button>
      </div>
      <div className="px-5 pt-4">
        <SearchField value={filter} onChange={setFilter} autoFocus className="space-y-1.5">
          <AriaLabel>Filter by name</AriaLabel>
          <Input className={inputClasses(false)} placeholder="e.g. Lis" />
        </SearchField>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
        {list.isPending || readOn ? (
          <div className="space-y-2 px-2" aria-busy="true">
            <p className="sr-only">Loading {noun}s…</p>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : list.isError ? (
          <Callout title="The destinations could not be loaded." className="mx-2">
            <p>{list.error.message}</p>
            <button type="button" className="mt-1 font-semibold underline" onClick={() => list.refetch()}>
              Try again
            </button>
          </Callout>
        ) : (
          <ListBox
            aria-label="Destinations"
            items={items}
            selectionMode="single"
            onAction={(key) => {
              const d = items.find((i) => i.code === key);
              if (!d) return;
              const countryCode = d.countryCode ?? null;
              onPick(productType === "transfer" ? { kind: "airport", code: d.code, name: d.name, countryCode } : { kind: "destination", code: d.code, name: d.name, countryCode });
            }}
            renderEmptyState={() => (
              <p className="px-3 py-6 text-center text-sm text-slate-500">
                {q ? `No ${noun} starts with “${q}”. Try fewer letters.` : `The service lists no ${noun}s for your agency.`}
              </p>
            )}
            className="outline-none"
          >
            {(d) => (
              <ListBoxItem
                id={d.code}
                textValue={d.name}
                className="flex cursor-default items-center gap-3 rounded-lg px-3 py-2 outline-none data-focused:bg-brand-50 data-focus-visible:ring-2 data-focus-visible:ring-brand-500/40"
              >
                <MapPin className="size-4 shrink-0 text-slate-500" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-[0.9375rem] font-medium text-ink">{d.name}</span>
                  <span className="block truncate text-[0.8125rem] text-slate-500">
                    {[d.cityName && d.cityName !== d.name ? d.cityName : null, d.countryCode ? countryName(d.countryCode) : null]
                      .filter(Boolean)
                      .join(", ")}
                  </span>
                </span>
              </ListBoxItem>
            )}
          </ListBox>
        )}
        {list.hasNextPage && !readOn ? (
          <div className="px-2 pt-2">
            <Button variant="secondary" size="sm" className="w-full" pending={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
              {list.isFetchingNextPage ? "Loading…" : BROWSE[productType].more}
            </Button>
          </div>
        ) : null}
      </div>
    </>
  );
}
