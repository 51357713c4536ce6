"use client";

import { useQuery } from "@tanstack/react-query";
import * as z from "zod/mini";
import { ApiError, apiRequest } from "@/lib/api-client";
import { describePlace, type SearchCriteria } from "@/lib/search/criteria";
import { resultRowSchema } from "@/lib/tds/contract/schemas";
import { ActivitySheet } from "./activity-sheet";
import { formatLocalDate, formatLocalDateTime } from "./format";
import { activityRows, sheetKind, transferRows } from "./group";
import { EmptyState, ErrorState, ExpiredState, NotFoundState } from "./option-states";
import { OptionsSkeleton } from "./options-skeleton";
import { PricingCountry } from "@/components/pricing/client-prices";
import { destinationCountry } from "@/lib/pricing/destination";
import { SheetHeader } from "./sheet-header";
import { HotelElsewhere, SimpleSheet } from "./simple-sheets";
import { TransferSheet } from "./transfer-sheet";

type Props = { searchId: string; productId: string; criteria: SearchCriteria | null };

/** POST /api/search/:sid/products/:productId/rates: the rows the search already holds, so read once and kept. */
export const productOptionsQuery = (searchId: string, productId: string) => ({
  queryKey: ["product-options", searchId, productId] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const path = `/api/search/${encodeURIComponent(searchId)}/products/${encodeURIComponent(productId)}/rates`;
    return (await apiRequest("POST", path, z.array(resultRowSchema), { signal })).data;
  },
  // Saved options never change during the search's life: no refetching on focus or reconnect.
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

const KICKER: Record<string, string> = { activity: "Activity options", transfer: "Transfer options", flight: "Flight options", hotel: "Hotel" };

/** A title for the states where no rows say what the product is: what was searched. */
function searchedTitle(criteria: SearchCriteria | null): { kicker: string; title: string; facts: string[] } {
  const kicker = (criteria && KICKER[criteria.productType]) ?? "Saved options";
  if (criteria?.productType === "activity") {
    return { kicker, title: criteria.place ? `Activities in ${describePlace(criteria.place)}` : "Activity", facts: criteria.date ? [formatLocalDate(criteria.date)] : [] };
  }
  if (criteria?.productType === "transfer" && criteria.pickup && criteria.dropoff) {
    return { kicker, title: `${describePlace(criteria.pickup)} → ${describePlace(criteria.dropoff)}`, facts: criteria.pickupAt ? [formatLocalDateTime(criteria.pickupAt)] : [] };
  }
  return { kicker, title: "Options for this product", facts: [] };
}

const hotelName = (rows: readonly { summary: Record<string, unknown> }[]) =>
  rows.map((r) => r.summary.hotelName).find((n): n is string => typeof n === "string" && n !== "");

/** The saved options of one product of a search, as the sheet its type calls for, with every state designed. */
/** The sheet of a product's options; its prices are for the search's destination country (Client prices on). */
export function OptionsSheet(props: Props) {
  return (
    <PricingCountry country={destinationCountry(props.criteria)}>
      <SheetBody {...props} />
    </PricingCountry>
  );
}

function SheetBody({ searchId, productId, criteria }: Props) {
  const options = useQuery(productOptionsQuery(searchId, productId));

  if (options.isPending) return <OptionsSkeleton kind={criteria?.productType} />;

  if (options.isError || options.data.length === 0) {
    const heading = searchedTitle(criteria);
    const error = options.error;
    const apiError = error instanceof ApiError ? error : null;
    let body: React.ReactNode;
    if (!error) body = <EmptyState criteria={criteria} searchId={searchId} />;
    else if (apiError?.code === "search_expired" || apiError?.status === 410) body = <ExpiredState criteria={criteria} />;
    else if (apiError?.status === 404) body = <NotFoundState criteria={criteria} searchId={searchId} />;
    else {
      body = (
        <ErrorState
          message={error.message || "Something went wrong while reading the options."}
          onRetry={() => void options.refetch()}
          retrying={options.isFetching}
          criteria={criteria}
          searchId={searchId}
        />
      );
    }
    return (
      <>
        <SheetHeader kicker={heading.kicker} title={heading.title} facts={heading.facts} />
        <div className="mt-8">{body}</div>
      </>
    );
  }

  const rows = options.data;
  switch (sheetKind(rows, criteria)) {
    case "activity": {
      const list = activityRows(rows);
      if (list.length > 0) return <ActivitySheet rows={list} searchId={searchId} criteria={criteria} />;
      break;
    }
    case "transfer": {
      const list = transferRows(rows);
      if (list.length > 0) return <TransferSheet rows={list} searchId={searchId} criteria={criteria} />;
      break;
    }
    case "hotel":
      return (
        <>
          <SheetHeader kicker="Hotel" title={hotelName(rows) ?? "Hotel"} facts={[]} />
          <div className="mt-8">
            <HotelElsewhere searchId={searchId} productId={productId} criteria={criteria} />
          </div>
        </>
      );
  }
  return <SimpleSheet rows={rows} searchId={searchId} productId={productId} criteria={criteria} />;
}
