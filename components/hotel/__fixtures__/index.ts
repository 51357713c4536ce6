import { z } from "zod";
import { hotelContentSchema, hotelRowSchema } from "@/lib/tds/contract/schemas";
import content from "./hotel-content.json";
import london from "./rate-sheet.london.json";
import paris from "./rate-sheet.paris-commissionable.json";

// Real sandbox answers (see each file's note), parsed with the client's own schemas so a
// change of contract shows up here first.

const rows = z.array(hotelRowSchema);

export const londonSheet = { ...london, rows: rows.parse(london.rows) };
export const parisSheet = { ...paris, rows: rows.parse(paris.rows) };

export const contentByShape = {
  objects: hotelContentSchema.parse(content.hotels.objects),
  lists: hotelContentSchema.parse(content.hotels.lists),
  strings: hotelContentSchema.parse(content.hotels.strings),
  none: hotelContentSchema.parse(content.hotels.none),
};

export const rowById = (id: string) => {
  const row = londonSheet.rows.find((r) => r._id.endsWith(id));
  if (!row) throw new Error(`No fixture row ${id}`);
  return row;
};
