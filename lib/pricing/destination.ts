import type { Place, SearchCriteria } from "@/lib/search/criteria";

// The destination country a search's results are priced for (lib/pricing/markup.ts ruleFor): the
// result rows carry no country, the places the advisor picked do. A hotel's city or hotel, an
// activity's destination, a flight's arrival (the last slice's, for a multi-city trip), a
// transfer's drop-off (else its pickup). A place typed and not picked has no country: the
// product's rule or the default applies.

const countryOf = (p: Place | null | undefined): string | null => (p && "countryCode" in p && p.countryCode ? p.countryCode.toUpperCase() : null);

export function destinationCountry(criteria: SearchCriteria | null | undefined): string | null {
  if (!criteria) return null;
  switch (criteria.productType) {
    case "hotel":
    case "activity":
      return countryOf(criteria.place);
    case "flight":
      return criteria.trip === "multi" ? countryOf(criteria.slices.at(-1)?.destination) : countryOf(criteria.destination);
    case "transfer":
      return countryOf(criteria.dropoff) ?? countryOf(criteria.pickup);
    default:
      return null;
  }
}
