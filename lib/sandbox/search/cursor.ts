import { z } from "zod";
import { SandboxError } from "../platform/errors";
import { hash32 } from "../platform/random";
import { hex8 } from "./draw";
import type { Position } from "./ranking";

/**
 * Results cursors carry the position of the last row (or product) returned, not an offset:
 * rows that arrive later never make a page repeat one already read, and finding the next
 * page is a binary search at any depth.
 */
const flag = z.union([z.literal(0), z.literal(1)]);
const cursorSchema = z.tuple([
  z.literal(1),
  z.string(),
  flag,
  z.tuple([z.number().int().min(0), z.number().int().min(0), z.number().finite(), flag, z.number().int().min(0)]),
]);

const searchTag = (searchId: string) => hex8(hash32(`cursor|${searchId}`));

const invalidCursor = (message: string) => new SandboxError(400, "invalid_cursor", message);

export function encodeCursor(searchId: string, grouped: boolean, position: Position): string {
  return Buffer.from(JSON.stringify([1, searchTag(searchId), grouped ? 1 : 0, position])).toString("base64url");
}

export function decodeCursor(text: string, searchId: string, grouped: boolean): Position {
  let raw: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error("not base64url");
    raw = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor("The cursor is malformed; pass meta.nextCursor exactly as it was returned.");
  }
  const parsed = cursorSchema.safeParse(raw);
  if (!parsed.success) throw invalidCursor("The cursor is malformed; pass meta.nextCursor exactly as it was returned.");
  const [, tag, g, position] = parsed.data;
  if (tag !== searchTag(searchId)) throw invalidCursor("The cursor belongs to another search.");
  if ((g === 1) !== grouped) {
    throw invalidCursor(`The cursor was issued with groupByProduct=${g === 1}; page with the same setting.`);
  }
  return position;
}
