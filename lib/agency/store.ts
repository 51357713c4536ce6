import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { agencyProfile, users } from "@/lib/db/schema";
import type { AgencyProfileValues, LogoType } from "./profile";

// The agency profile's one row (lib/db/schema.ts agencyProfile), on PGlite or PostgreSQL. Reads
// of the profile never load the logo's bytes; only the route that serves the logo does.

const ROW = 1;

export type StoredProfile = AgencyProfileValues & {
  logo: { type: LogoType; sha256: string } | null;
  updatedAt: Date | null;
  updatedBy: string | null;
};

const EMPTY: StoredProfile = { name: "", replyTo: "", phone: "", address: "", logo: null, updatedAt: null, updatedBy: null };

/** The profile as saved, or an empty one (no name yet) before an admin sets it. */
export async function readAgencyProfile(db: Db): Promise<StoredProfile> {
  const [row] = await db
    .select({
      name: agencyProfile.name,
      replyTo: agencyProfile.replyTo,
      phone: agencyProfile.phone,
      address: agencyProfile.address,
      logoType: agencyProfile.logoType,
      logoSha256: agencyProfile.logoSha256,
      updatedAt: agencyProfile.updatedAt,
      updatedBy: users.name,
    })
    .from(agencyProfile)
    .leftJoin(users, eq(users.id, agencyProfile.updatedBy))
    .where(eq(agencyProfile.id, ROW));
  if (!row) return EMPTY;
  const { logoType, logoSha256, ...rest } = row;
  return { ...rest, logo: logoType && logoSha256 ? { type: logoType as LogoType, sha256: logoSha256 } : null };
}

/** Saves the profile's fields (the logo is kept as it is). */
export async function saveAgencyProfile(db: Db, values: AgencyProfileValues, userId: string): Promise<void> {
  const set = { ...values, updatedBy: userId, updatedAt: new Date() };
  await db.insert(agencyProfile).values({ id: ROW, ...set }).onConflictDoUpdate({ target: agencyProfile.id, set });
}

/** The logo's bytes, for the route that serves them. */
export async function readAgencyLogo(db: Db): Promise<{ bytes: Uint8Array; type: LogoType; sha256: string } | null> {
  const [row] = await db
    .select({ bytes: agencyProfile.logo, type: agencyProfile.logoType, sha256: agencyProfile.logoSha256 })
    .from(agencyProfile)
    .where(eq(agencyProfile.id, ROW));
  return row?.bytes && row.type && row.sha256 ? { bytes: row.bytes, type: row.type as LogoType, sha256: row.sha256 } : null;
}

/** Replaces the logo (checked by the caller: size and sniffed type); null removes it. */
export async function saveAgencyLogo(db: Db, logo: { bytes: Uint8Array; type: LogoType } | null, userId: string): Promise<void> {
  const set = logo
    ? { logo: logo.bytes, logoType: logo.type, logoSha256: createHash("sha256").update(logo.bytes).digest("hex"), updatedBy: userId, updatedAt: new Date() }
    : { logo: null, logoType: null, logoSha256: null, updatedBy: userId, updatedAt: new Date() };
  // A logo may come before the name: the row starts with an empty name, which the profile page asks for.
  await db
    .insert(agencyProfile)
    .values({ id: ROW, name: "", ...set })
    .onConflictDoUpdate({ target: agencyProfile.id, set });
}
