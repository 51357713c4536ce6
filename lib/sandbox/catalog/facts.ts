import { Rng, hash32 } from "../platform/random";
import type { Activity, Catalog, Hotel, Room } from "./model";

/*
 * Facts the catalog model does not hold but content and images must agree on (a pool in the amenities
 * means a pool photo). Each is derived from the entity's ID and the catalog seed, so it never changes.
 */

export const rngFor = (catalog: Catalog, what: string, id: string) => new Rng(hash32(`${what}|${id}`, catalog.seed));

export type HotelScene = "exterior" | "pool" | "room" | "bathroom" | "lobby" | "restaurant" | "bar" | "spa" | "view";
export type ActivityScene = "city" | "landmark" | "night" | "food" | "museum" | "sea" | "countryside" | "mountains" | "stage";
export type Scene = HotelScene | ActivityScene;

export type ImagePlan = {
  scene: Scene;
  caption: string | null;
  heroImage: boolean;
  /** Scene detail: the room type of a room, indoor/outdoor pool, coastal view. */
  detail: string;
};

function isCoastal(hotel: Hotel): boolean {
  return /Beachfront|Marina|Harbour|Waterfront/.test(hotel.neighborhoodName) || hotel.propertyType === "resort";
}

export type HotelFacts = {
  amenities: string[];
  pool: "indoor" | "outdoor" | null;
  restaurant: boolean;
  bar: boolean;
  spa: boolean;
  frontDesk: boolean;
};

export function hotelFacts(catalog: Catalog, hotel: Hotel): HotelFacts {
  const rng = rngFor(catalog, "amenities", hotel.canonicalId);
  const stars = hotel.starRating;
  const type = hotel.propertyType;
  const serviced = type !== "vacation_home";
  const pool =
    type === "resort" || (stars >= 4 && rng.chance(0.6)) || rng.chance(0.12) ? (rng.chance(0.75) ? "outdoor" : "indoor") : null;
  const restaurant = serviced && type !== "hostel" && (stars >= 4 || rng.chance(0.55));
  const bar = serviced && (stars >= 4 || type === "hostel" || rng.chance(0.45));
  const spa = stars >= 4 && rng.chance(stars >= 4.5 ? 0.8 : 0.35);
  const frontDesk = serviced && type !== "bed_and_breakfast";
  const a: string[] = ["Free Wi-Fi", "Non-smoking rooms"];
  const add = (name: string, when: boolean) => {
    if (when) a.push(name);
  };
  add("24-hour front desk", frontDesk);
  add("Reception (limited hours)", type === "bed_and_breakfast");
  add(pool === "indoor" ? "Indoor pool" : "Outdoor pool", pool !== null);
  add("Restaurant", restaurant);
  add("Bar", bar);
  add("Spa", spa);
  add("Fitness centre", (stars >= 4 || type === "resort") && rng.chance(0.8));
  add("Room service", stars >= 4 && serviced);
  add("Concierge", stars >= 4.5);
  add("Air conditioning", rng.chance(0.8));
  add("Family rooms", catalog.rooms(hotel).some((r) => r.maxOccupancy >= 4));
  add("Kitchenette", type === "aparthotel" || type === "vacation_home");
  add("Shared kitchen", type === "hostel");
  add("Shared lounge", type === "hostel" || type === "bed_and_breakfast");
  add("Beach access", /Beachfront/.test(hotel.neighborhoodName) || type === "resort");
  add("Airport shuttle (surcharge)", rng.chance(0.25));
  add(rng.chance(0.4) ? "Free parking" : "Parking (surcharge)", rng.chance(0.6));
  add("Electric vehicle charging", rng.chance(0.15));
  add("Business centre", stars >= 4 && rng.chance(0.5));
  add("Luggage storage", serviced && rng.chance(0.7));
  add("Laundry service", rng.chance(0.5));
  add("Pets allowed", rng.chance(0.2));
  add("Garden", rng.chance(0.25));
  add("Terrace", rng.chance(0.35));
  add("Wheelchair accessible", rng.chance(0.55));
  return { amenities: a, pool, restaurant, bar, spa, frontDesk };
}

/** The hotel's gallery: none without content, otherwise 4 to 10 photos with exactly one hero. */
export function hotelImagePlan(catalog: Catalog, hotel: Hotel): ImagePlan[] {
  if (!hotel.hasContent) return [];
  const f = hotelFacts(catalog, hotel);
  const rng = rngFor(catalog, "gallery", hotel.canonicalId);
  const rooms = catalog.rooms(hotel);
  const coastal = isCoastal(hotel);
  const plan: ImagePlan[] = [];
  const add = (scene: HotelScene, caption: string, detail = "") =>
    plan.push({ scene, caption: rng.chance(0.12) ? null : caption, heroImage: false, detail });
  add("exterior", rng.pick(["Exterior", "Property building", "Entrance"]));
  if (f.pool) add("pool", f.pool === "indoor" ? "Indoor pool" : "Outdoor pool", f.pool);
  for (const room of rooms.slice(0, rng.int(1, 3))) add("room", room.name, room.groupKey);
  if (rng.chance(0.7)) add("bathroom", "Bathroom");
  if (f.frontDesk) add("lobby", rng.pick(["Lobby", "Reception", "Lobby lounge"]));
  if (f.restaurant) add("restaurant", rng.pick(["Restaurant", "Breakfast area", "Dining room"]));
  if (f.bar) add("bar", rng.pick(["Bar", "Lounge bar", "Rooftop bar"]));
  if (f.spa) add("spa", rng.pick(["Spa", "Sauna", "Treatment room"]));
  if (rng.chance(0.6)) add("view", coastal ? "Sea view" : rng.pick(["City view", "View from property"]), coastal ? "sea" : "city");
  const max = Math.max(4, Math.min(10, Math.round(hotel.starRating * 2)));
  const gallery = plan.slice(0, max);
  // Sources seldom put the hero first: it is the pool of a resort, else the building, wherever it sits.
  const hero = gallery.find((p) => p.scene === (hotel.propertyType === "resort" && f.pool ? "pool" : "exterior")) ?? gallery[0]!;
  hero.heroImage = true;
  return rng.shuffle(gallery);
}

/** One or two photos per room, the first its hero. */
export function roomImagePlan(catalog: Catalog, hotel: Hotel, room: Room): ImagePlan[] {
  if (!hotel.hasContent) return [];
  const rng = rngFor(catalog, "room-gallery", room.roomId);
  const plan: ImagePlan[] = [{ scene: "room", caption: room.name, heroImage: true, detail: room.groupKey }];
  if (rng.chance(0.5)) plan.push({ scene: "bathroom", caption: rng.chance(0.2) ? null : "Bathroom", heroImage: false, detail: "" });
  return plan;
}

const ACTIVITY_SCENES: Record<string, ActivityScene[]> = {
  tour: ["city", "landmark", "night", "countryside"],
  food: ["food", "city", "landmark"],
  attraction: ["museum", "landmark", "city"],
  cruise: ["sea", "city", "night"],
  day_trip: ["countryside", "mountains", "landmark"],
  class: ["food", "city"],
  private: ["landmark", "city", "countryside"],
  outdoor: ["mountains", "sea", "countryside"],
  show: ["stage", "night", "city"],
};

const ACTIVITY_CAPTIONS: Record<ActivityScene, (city: string) => string> = {
  city: (c) => `${c} skyline`,
  landmark: (c) => `A landmark of ${c}`,
  night: (c) => `${c} by night`,
  food: () => "Local specialities",
  museum: () => "Museum galleries",
  sea: () => "On the water",
  countryside: () => "Countryside views",
  mountains: () => "Mountain scenery",
  stage: () => "On stage",
};

/** Two to four photos, the first the hero; none when the activity has no image. */
export function activityImagePlan(catalog: Catalog, activity: Activity): ImagePlan[] {
  if (!activity.hasImage) return [];
  const rng = rngFor(catalog, "activity-gallery", activity.activityKey);
  const scenes = ACTIVITY_SCENES[activity.category] ?? ["city", "landmark"];
  return scenes.slice(0, rng.int(2, Math.min(4, scenes.length))).map((scene, i) => ({
    scene,
    caption: i > 0 && rng.chance(0.15) ? null : ACTIVITY_CAPTIONS[scene](activity.cityName),
    heroImage: i === 0,
    detail: activity.category,
  }));
}
