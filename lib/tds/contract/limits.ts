// The specification's fixed values and limits, without a schema library: the search criteria and
// the forms use them on every desk page (shared/spec/travel-distribution-api.md).

export const PROPERTY_TYPES = ["hotel", "resort", "aparthotel", "vacation_home", "bed_and_breakfast", "hostel", "unique", "other"] as const;
export const CABIN_CLASSES = ["economy", "premium_economy", "business", "first"] as const;
export const SEARCH_LIMITS = {
  maxNights: 30,
  maxCheckInDaysAhead: 730,
  hotel: { maxAdults: 6, maxChildren: 4, maxRooms: 9 },
  other: { maxAdults: 8, maxChildren: 6, maxEntries: 8 },
} as const;
export const TRANSFER_CANCEL_SCOPES = ["departure", "return", "whole"] as const;
export const EMAIL_MAX_ADDRESSES = 50;
/** The longest special request, the booking's and each room's (the specification's `hotelPreferences`). */
export const SPECIAL_REQUEST_MAX = 500;
