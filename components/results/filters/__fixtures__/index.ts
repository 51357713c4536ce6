import { z } from "zod";
import { resultRowSchema } from "@/lib/tds/contract/schemas";
import { groupRows, type ResultGroup, type ResultRow } from "../../types";
import flights from "./lhr-jfk-flights.json";
import hotels from "./london-hotels.json";

// Trimmed rows of real sandbox searches (groupByProduct=true): a London hotel search for three
// nights in USD (63 of its first 500 hotels, every 8th) and a London–New York return flight search.

const rows = z.array(resultRowSchema);

export const londonHotelRows = (): ResultRow[] => rows.parse(hotels);
export const londonHotelGroups = (): ResultGroup[] => groupRows(londonHotelRows());
export const flightRows = (): ResultRow[] => rows.parse(flights);
export const flightGroups = (): ResultGroup[] => groupRows(flightRows());
