import { hash32, haversineKm, type Rng } from "../platform/random";
import { activityImagePlan, hotelFacts, hotelImagePlan, rngFor, roomImagePlan, type HotelFacts } from "./facts";
import { activityImageUrl, hotelImageUrl, roomImageUrl } from "./images";
import type { Activity, Airport, Catalog, Hotel, PropertyType, Room } from "./model";

export type Image = { url: string; caption: string | null; heroImage: boolean };

export type HotelRoomContent = Pick<Room, "roomId" | "name" | "description" | "bedType" | "maxOccupancy" | "sizeSqm"> & {
  images: Image[];
};

/** The source's own shapes: `checkin`, `checkout`, `policies` and `fees` differ between hotels. */
export type HotelContent = {
  canonicalId: string;
  name: string;
  starRating: number;
  cityName: string;
  countryCode: string;
  address: string;
  geo: { type: "Point"; coordinates: [number, number] };
  chainName: string | null;
  content: {
    description: string;
    images: Image[];
    amenities: string[];
    checkin: unknown;
    checkout: unknown;
    policies: unknown;
    fees: unknown;
    rooms: HotelRoomContent[];
  } | null;
};

export type ActivityContent = {
  activityKey: string;
  name: string;
  cityName: string;
  countryCode: string;
  description: string;
  images: Array<{ url: string; caption: string | null }>;
  durationMinutes: number;
  highlights: string[];
  inclusions: string[];
  exclusions: string[];
  meetingPoint: string;
  cancellationPolicy: string;
};

const KIND: Record<PropertyType, string> = {
  hotel: "hotel",
  resort: "resort",
  aparthotel: "aparthotel",
  vacation_home: "vacation home",
  bed_and_breakfast: "bed and breakfast",
  hostel: "hostel",
  unique: "one-of-a-kind stay",
  other: "property",
};

const HOOD_LINES: Record<string, string> = {
  "Old Town": "Cobbled lanes, cafés and the main historic sights are a short walk away.",
  "City Centre": "Shops, restaurants and public transport are right outside the door.",
  Harbour: "Fishing boats, seafood restaurants and the harbour promenade are steps away.",
  Riverside: "The riverside walk starts at the door, with bridges and bars along the water.",
  "Financial District": "Office towers, business lunches and fast metro links define the neighbourhood.",
  "University Quarter": "Bookshops, cheap eats and lively bars fill the student quarter around it.",
  "Market District": "The covered market and its food stalls are a few minutes on foot.",
  "Cathedral Quarter": "The cathedral square and its evening bells are around the corner.",
  Waterfront: "A waterfront promenade with cafés and sunset views runs past the property.",
  "Airport Area": "It is well placed for early flights, with quick road links to the terminals.",
  "Museum District": "Several major museums and galleries are within walking distance.",
  "Arts District": "Galleries, street art and independent theatres surround it.",
  "Garden District": "Leafy streets and historic mansions give the area a quiet charm.",
  "Station Quarter": "The main railway station is a few minutes away, handy for day trips.",
  Hillside: "Its hillside setting gives sweeping views over the rooftops.",
  Beachfront: "The beach is just across the road, with sunbeds and beach bars.",
  Northside: "The residential north side is quiet, with local bakeries and parks.",
  Southbank: "The south bank's concert halls and riverside markets are nearby.",
  "West End": "Theatres, department stores and late-night dining are close by.",
  "East Village": "Vintage shops, craft beer bars and small restaurants line the streets.",
  "Castle Hill": "The castle and its ramparts overlook the neighbourhood.",
  Marina: "Yachts, seafood restaurants and boat excursions are at the marina nearby.",
  "Little Italy": "Trattorias, gelato shops and espresso bars surround the property.",
  "Park Side": "The city's largest park, with running paths and a lake, is next door.",
  "Embassy Row": "Tree-lined avenues and embassies make it one of the quietest central areas.",
};

const PERKS: Record<string, string> = {
  "Outdoor pool": "an outdoor pool",
  "Indoor pool": "an indoor pool",
  Spa: "a spa",
  "Fitness centre": "a fitness centre",
  Terrace: "a sunny terrace",
  Garden: "a garden",
  "Beach access": "direct beach access",
  Restaurant: "a restaurant",
  Bar: "a bar",
};

const airportsByCountry = new WeakMap<Catalog, Map<string, Airport[]>>();

function nearestAirport(catalog: Catalog, hotel: Hotel): { airport: Airport; km: number } | null {
  let byCountry = airportsByCountry.get(catalog);
  if (!byCountry) {
    byCountry = new Map();
    for (const a of catalog.airports) byCountry.set(a.countryCode, [...(byCountry.get(a.countryCode) ?? []), a]);
    airportsByCountry.set(catalog, byCountry);
  }
  let best: { airport: Airport; km: number } | null = null;
  for (const airport of byCountry.get(hotel.countryCode) ?? []) {
    const km = haversineKm(hotel.lat, hotel.lng, airport.lat, airport.lng);
    if (km < 150 && (!best || km < best.km)) best = { airport, km };
  }
  return best;
}

const km = (n: number) => (n < 10 ? n.toFixed(1) : String(Math.round(n)));

function listing(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function describeHotel(catalog: Catalog, hotel: Hotel, facts: HotelFacts, rooms: Room[], rng: Rng): string {
  const city = catalog.cityById.get(hotel.cityRegionId);
  const centre = city ? haversineKm(hotel.lat, hotel.lng, city.lat, city.lng) : 0;
  const kind = `${hotel.starRating}-star ${KIND[hotel.propertyType]}`;
  const s: string[] = [];
  s.push(
    rng.pick([
      `Set in the ${hotel.neighborhoodName} area of ${hotel.cityName}, ${hotel.name} is a ${kind} ${km(centre)} km from the city centre.`,
      `${hotel.name} is a ${kind} in the ${hotel.neighborhoodName} district of ${hotel.cityName}, about ${km(centre)} km from the centre.`,
      `In ${hotel.cityName}'s ${hotel.neighborhoodName} neighbourhood, ${hotel.name} is a ${kind} ${km(centre)} km from the historic centre.`,
    ]),
  );
  if (hotel.chainName) s.push(`It is part of ${hotel.chainName}, with the group's loyalty benefits and consistent service.`);
  const perks = facts.amenities.flatMap((a) => PERKS[a] ?? []);
  s.push(
    perks.length
      ? `Guests can enjoy ${listing(rng.shuffle(perks).slice(0, 3))}, and Wi-Fi is free throughout.`
      : "Wi-Fi is free throughout, and the staff are happy to share local tips.",
  );
  const first = rooms[0];
  const last = rooms[rooms.length - 1];
  if (first && last && rooms.length > 1) {
    s.push(`Its ${rooms.length} room types range from the ${first.name} (${first.sizeSqm} m²) to the ${last.name} (${last.sizeSqm} m²), sleeping up to ${Math.max(...rooms.map((r) => r.maxOccupancy))} guests.`);
  } else if (first) {
    s.push(`The ${first.name} measures ${first.sizeSqm} m² and has ${first.bedType}.`);
  }
  if (facts.restaurant) {
    s.push(`The on-site restaurant serves ${rng.pick(["regional", "seasonal", "Mediterranean", "international", "modern local"])} cuisine, and ${rng.pick(["a buffet breakfast", "a continental breakfast", "breakfast à la carte"])} is served each morning.`);
  } else if (hotel.propertyType === "hostel") {
    s.push("A shared kitchen and a lounge make it easy to cook and meet other travellers.");
  } else if (hotel.propertyType === "aparthotel" || hotel.propertyType === "vacation_home") {
    s.push("Every unit has a kitchenette, so guests can shop at local markets and cook for themselves.");
  }
  const line = HOOD_LINES[hotel.neighborhoodName];
  if (line) s.push(line);
  const near = nearestAirport(catalog, hotel);
  if (near) {
    const shuttle = facts.amenities.some((a) => a.startsWith("Airport shuttle")) ? ", and an airport shuttle runs on request" : "";
    s.push(`${near.airport.name} (${near.airport.code}) is ${km(near.km)} km away${shuttle}.`);
  }
  return s.join(" ");
}

const hhmm = (h: number) => `${String(h).padStart(2, "0")}:00`;
const ampm = (h: number) => (h === 12 ? "noon" : h === 0 ? "midnight" : `${h % 12} ${h < 12 ? "AM" : "PM"}`);
const usd = (minor: number) => `USD ${(minor / 100).toFixed(2)}`;

/** Three shapes of checkin/checkout/policies/fees, as different sources send them. */
function houseRules(catalog: Catalog, hotel: Hotel, facts: HotelFacts, rng: Rng) {
  const shape = hash32(`shape|${hotel.canonicalId}`, catalog.seed) % 3;
  const checkinFrom = rng.pick([14, 15, 15, 16]);
  const checkinUntil = facts.frontDesk ? null : rng.pick([20, 22, 23]);
  const checkoutBy = rng.pick([10, 11, 11, 12]);
  const minAge = rng.pick([18, 18, 18, 21]);
  const cost = catalog.cityById.get(hotel.cityRegionId)?.costIndex ?? 1;
  const cityTaxMinor = rng.chance(0.55) ? Math.round((50 + rng.next() * 350) * cost) : null;
  const depositMinor = hotel.starRating >= 4 && rng.chance(0.4) ? Math.round(5000 + rng.next() * 15000) : null;
  const pets = facts.amenities.includes("Pets allowed");
  const parking = facts.amenities.find((a) => a.startsWith("Parking (surcharge)"));
  const parkingMinor = Math.round((1500 + rng.next() * 2500) * cost);
  const instructions = facts.frontDesk
    ? "Guests present a photo ID and a credit card at check-in. Special requests are subject to availability."
    : "There is no front desk: the property sends door codes by email 24 hours before arrival.";
  const knowBeforeYouGo = [
    "Names on the booking must match the photo ID presented at check-in.",
    ...(facts.pool ? [`The pool is open from ${hhmm(rng.pick([7, 8, 9]))} to ${hhmm(rng.pick([19, 20, 21]))}.`] : []),
    ...(hotel.propertyType === "hostel" ? ["Dormitory guests must be 16 or older; lockers are provided, bring a padlock."] : []),
    "Quiet hours are observed from 22:00 to 07:00.",
  ];
  const childrenText = hotel.propertyType === "hostel" ? "Children are not accepted in dormitories." : "Children of all ages are welcome; cots are available on request.";
  const petsText = pets ? "Pets are allowed on request; charges may apply." : "Pets are not allowed.";

  if (shape === 0) {
    return {
      checkin: { beginTime: hhmm(checkinFrom), endTime: checkinUntil === null ? null : hhmm(checkinUntil), minAge, instructions },
      checkout: { time: hhmm(checkoutBy) },
      policies: { knowBeforeYouGo, children: childrenText, pets: petsText },
      fees: {
        mandatory: cityTaxMinor === null ? [] : [{ name: "City tax", amountMinor: cityTaxMinor, currency: "USD", per: "person_per_night" }],
        optional: [
          ...(depositMinor === null ? [] : [{ name: "Security deposit", amountMinor: depositMinor, currency: "USD", per: "stay" }]),
          ...(parking ? [{ name: "Parking", amountMinor: parkingMinor, currency: "USD", per: "night" }] : []),
          ...(facts.restaurant ? [{ name: "Breakfast", amountMinor: Math.round(1200 * cost), currency: "USD", per: "person_per_night" }] : []),
        ],
      },
    };
  }
  if (shape === 1) {
    const feeLines = [
      cityTaxMinor === null ? null : `A city tax of ${usd(cityTaxMinor)} per person per night is collected at the property.`,
      depositMinor === null ? null : `A refundable deposit of ${usd(depositMinor)} is taken at check-in.`,
      parking ? `Parking costs ${usd(parkingMinor)} per night.` : null,
    ].filter((l): l is string => l !== null);
    return {
      checkin: checkinUntil === null ? `Check-in from ${hhmm(checkinFrom)}` : `Check-in from ${hhmm(checkinFrom)} until ${hhmm(checkinUntil)}`,
      checkout: `Check-out until ${hhmm(checkoutBy)}`,
      policies: [...knowBeforeYouGo, childrenText, petsText, `Guests must be ${minAge} or older to check in.`].join(" "),
      fees: feeLines.length ? feeLines.join(" ") : null,
    };
  }
  return {
    checkin: {
      from: ampm(checkinFrom),
      until: checkinUntil === null ? "anytime" : ampm(checkinUntil),
      specialInstructions: [instructions, `Minimum check-in age: ${minAge}.`],
    },
    checkout: { before: ampm(checkoutBy) },
    policies: [
      { title: "Children", text: childrenText },
      { title: "Pets", text: petsText },
      ...knowBeforeYouGo.map((text) => ({ title: "Good to know", text })),
    ],
    fees: [
      ...(cityTaxMinor === null ? [] : [{ type: "city_tax", text: `${usd(cityTaxMinor)} per person per night` }]),
      ...(depositMinor === null ? [] : [{ type: "deposit", text: `${usd(depositMinor)} per stay, refunded at check-out` }]),
      ...(parking ? [{ type: "parking", text: `${usd(parkingMinor)} per night` }] : []),
    ],
  };
}

/** GET /products/hotel/:canonicalId. `base` is publicBase(c). */
export function hotelContent(catalog: Catalog, hotel: Hotel, base: string): HotelContent {
  const head = {
    canonicalId: hotel.canonicalId,
    name: hotel.name,
    starRating: hotel.starRating,
    cityName: hotel.cityName,
    countryCode: hotel.countryCode,
    address: hotel.address,
    geo: { type: "Point" as const, coordinates: [hotel.lng, hotel.lat] as [number, number] },
    chainName: hotel.chainName,
  };
  if (!hotel.hasContent) return { ...head, content: null };
  const rng = rngFor(catalog, "content", hotel.canonicalId);
  const facts = hotelFacts(catalog, hotel);
  const rooms = catalog.rooms(hotel);
  return {
    ...head,
    content: {
      description: describeHotel(catalog, hotel, facts, rooms, rng),
      images: hotelImagePlan(catalog, hotel).map((p, n) => ({
        url: hotelImageUrl(base, hotel.canonicalId, n),
        caption: p.caption,
        heroImage: p.heroImage,
      })),
      amenities: facts.amenities,
      ...houseRules(catalog, hotel, facts, rng),
      rooms: rooms.map((room, r) => ({
        roomId: room.roomId,
        name: room.name,
        description: room.description,
        bedType: room.bedType,
        maxOccupancy: room.maxOccupancy,
        sizeSqm: room.sizeSqm,
        images: roomImagePlan(catalog, hotel, room).map((p, n) => ({
          url: roomImageUrl(base, hotel.canonicalId, r, n),
          caption: p.caption,
          heroImage: p.heroImage,
        })),
      })),
    },
  };
}

/** The hero photo's URL, or null for a hotel without content. */
export function hotelThumbnail(catalog: Catalog, hotel: Hotel, base: string): string | null {
  const n = hotelImagePlan(catalog, hotel).findIndex((p) => p.heroImage);
  return n < 0 ? null : hotelImageUrl(base, hotel.canonicalId, n);
}

type ActivityCopy = { intro: string; highlights: string[]; inclusions: string[]; exclusions: string[]; meeting: string; noticeHours: number | null };

const ACTIVITY_COPY: Record<string, (city: string, country: string) => ActivityCopy> = {
  tour: (c) => ({
    intro: `Explore ${c} with a licensed local guide who brings its history and everyday life to life.`,
    highlights: [`See the landmarks of ${c} with a local`, "Hear stories you will not find in guidebooks", "Small group for a personal experience", "Tips for the rest of your stay"],
    inclusions: ["Licensed local guide", "Small group (maximum 15 people)", "Bottle of water"],
    exclusions: ["Hotel pickup and drop-off", "Gratuities", "Food and drinks"],
    meeting: `In front of the main tourist information office in central ${c}; the guide holds a yellow umbrella.`,
    noticeHours: 24,
  }),
  food: (c, country) => ({
    intro: `Taste your way through ${c}: markets, family-run bars and the dishes ${country} is proud of.`,
    highlights: ["Eight or more tastings, enough for a meal", "Meet the vendors of a traditional market", "Learn the stories behind local dishes", "Vegetarian options on request"],
    inclusions: ["Food tastings", "Two drinks (wine, beer or soft drinks)", "Local food guide"],
    exclusions: ["Hotel pickup and drop-off", "Additional drinks", "Gratuities"],
    meeting: `At the main entrance of the central market of ${c}.`,
    noticeHours: 24,
  }),
  attraction: (c) => ({
    intro: `Skip the ticket queue and head straight in to one of the most visited collections in ${c}.`,
    highlights: ["Priority entrance, no ticket queue", "See the collection's masterpieces at your own pace", "Audio guide in 10 languages"],
    inclusions: ["Skip-the-line entrance ticket", "Audio guide"],
    exclusions: ["Guided tour", "Temporary exhibitions", "Hotel pickup and drop-off"],
    meeting: "Show your voucher on a phone at the group entrance; no printing needed.",
    noticeHours: null,
  }),
  cruise: (c) => ({
    intro: `Watch the sun go down over ${c} from the water, drink in hand, as the city lights come on.`,
    highlights: ["Golden-hour views from the water", "Welcome drink and snacks on board", "Live commentary from the crew", "Covered deck in case of rain"],
    inclusions: ["Cruise on a covered boat", "One welcome drink", "Snacks"],
    exclusions: ["Additional drinks", "Hotel pickup and drop-off"],
    meeting: `At the passenger pier in the port of ${c}; check in 20 minutes before departure.`,
    noticeHours: 24,
  }),
  day_trip: (c) => ({
    intro: `Leave ${c} behind for a day of villages, vineyards and open landscapes with a guide and a comfortable coach.`,
    highlights: ["Visit two historic villages", "Panoramic stops for photos", "Free time for lunch", "Air-conditioned coach"],
    inclusions: ["Return transport by air-conditioned coach", "Professional guide", "Entrance fees"],
    exclusions: ["Lunch", "Gratuities", "Hotel pickup (available at extra cost)"],
    meeting: `At the coach bay next to the central railway station of ${c}.`,
    noticeHours: 48,
  }),
  class: (c, country) => ({
    intro: `Cook a full menu of ${country}'s classics with a local chef in a friendly kitchen in ${c}, then sit down to eat it.`,
    highlights: ["Hands-on class for all levels", "Shop for ingredients with the chef", "Eat what you cook with local wine", "Recipes sent by email"],
    inclusions: ["Cooking class", "Ingredients and equipment", "Meal with wine or soft drinks", "Recipes"],
    exclusions: ["Hotel pickup and drop-off", "Gratuities"],
    meeting: `At the cooking school in central ${c}; the address is on the voucher.`,
    noticeHours: 48,
  }),
  private: (c) => ({
    intro: `Your own driver-guide shows you the best of ${c} by car, at your pace, with stops you choose.`,
    highlights: ["Private tour: only your group", "Flexible itinerary", "Hotel pickup and drop-off", "Ideal for families"],
    inclusions: ["Private driver-guide", "Air-conditioned vehicle", "Hotel pickup and drop-off", "Bottled water"],
    exclusions: ["Entrance fees", "Meals", "Gratuities"],
    meeting: `Pickup from your hotel in ${c}; send the hotel's name in the booking answers.`,
    noticeHours: 48,
  }),
  outdoor: (c) => ({
    intro: `Paddle calm waters near ${c} with an instructor, then rest on a quiet beach before heading back.`,
    highlights: ["Suitable for beginners", "Safety briefing and instructor", "Swim stop in a quiet cove", "Waterproof bags for phones"],
    inclusions: ["Kayak and paddle", "Life jacket", "Instructor", "Snorkelling gear"],
    exclusions: ["Transport to the meeting point", "Towel", "Lunch"],
    meeting: `At the water-sports centre on the main beach near ${c}.`,
    noticeHours: 24,
  }),
  show: (c) => ({
    intro: `An evening of live music and dinner in one of the best-loved venues of ${c}.`,
    highlights: ["Live performance by local artists", "Three-course dinner", "Reserved seating"],
    inclusions: ["Show ticket", "Three-course dinner", "One drink"],
    exclusions: ["Additional drinks", "Hotel pickup and drop-off"],
    meeting: "At the venue's box office 30 minutes before the show; the address is on the voucher.",
    noticeHours: null,
  }),
};

/** GET /products/activity/:activityKey (shape: contract-decisions §5). */
export function activityContent(catalog: Catalog, activity: Activity, base: string): ActivityContent {
  const rng = rngFor(catalog, "activity-content", activity.activityKey);
  const country = catalog.countryName(activity.countryCode) ?? activity.countryCode;
  const copy = (ACTIVITY_COPY[activity.category] ?? ACTIVITY_COPY.tour!)(activity.cityName, country);
  const hours = activity.durationMinutes >= 1440 ? "a full day" : `about ${km(activity.durationMinutes / 60).replace(/\.0$/, "")} hours`;
  const description = [
    copy.intro,
    `The experience lasts ${hours}, and a mobile voucher is accepted.`,
    rng.pick([
      "It runs in English and, on most dates, in a second language.",
      "Comfortable shoes and a bottle of water are recommended.",
      "Places are limited, so booking ahead is recommended in high season.",
    ]),
  ].join(" ");
  return {
    activityKey: activity.activityKey,
    name: activity.name,
    cityName: activity.cityName,
    countryCode: activity.countryCode,
    description,
    images: activityImagePlan(catalog, activity).map((p, n) => ({ url: activityImageUrl(base, activity.activityKey, n), caption: p.caption })),
    durationMinutes: activity.durationMinutes,
    highlights: copy.highlights.slice(0, rng.int(3, copy.highlights.length)),
    inclusions: copy.inclusions,
    exclusions: copy.exclusions,
    meetingPoint: copy.meeting,
    cancellationPolicy:
      copy.noticeHours === null
        ? "Non-refundable: this booking cannot be cancelled or changed."
        : `Free cancellation up to ${copy.noticeHours} hours before the start time; no refund after that.`,
  };
}

/** The catalogue row of GET /destinations/:code/activities. */
export function activityItem(catalog: Catalog, activity: Activity, base: string) {
  return {
    activityKey: activity.activityKey,
    name: activity.name,
    cityName: activity.cityName,
    countryCode: activity.countryCode,
    imageUrl: activityImagePlan(catalog, activity).length ? activityImageUrl(base, activity.activityKey, 0) : null,
  };
}

