import * as z from "zod/mini";
import { oneLine, ONE_LINE_NAME } from "@/lib/tds/contract/one-line";

// The agency profile an admin sets once (/admin/agency) and the desk reuses: the name the
// client sees on vouchers it emails (and, later, on proposals), the reply-to address, phone,
// postal address and logo. One zod schema for the form (react-hook-form) and the handler
// (PUT /api/agency), so both say the same sentence for the same mistake. Importable from client
// components: no server code here.

export const REPLY_TO_MAX = 254;
export const PHONE_MAX = 40;
export const ADDRESS_MAX = 300;
export const ADDRESS_MAX_LINES = 6;

/**
 * The postal address may have line breaks (CR LF and CR are read as LF), but no other control
 * character: it is printed, never put in a header. The name and reply-to, which can reach a mail
 * header, are one line (lib/tds/contract/one-line.ts).
 */
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/** The service's `agencyName` (the sender name of a voucher email): 1 to 80 characters. */
export const AGENCY_NAME_MAX = 80;

/**
 * The agency's name as the client sees it, 1 to 80 characters on one line: the profile's name,
 * and the sender name of a voucher email (`missing` says which is wanted).
 */
export const agencyNameSchema = (missing = "Enter the agency's name.") =>
  z
    .string({ error: missing })
    .check(
      z.trim(),
      z.minLength(1, missing),
      z.maxLength(AGENCY_NAME_MAX, `The name can be at most ${AGENCY_NAME_MAX} characters.`),
      oneLine(ONE_LINE_NAME),
    );

const replyTo = z.pipe(
  z.string().check(z.trim(), z.maxLength(REPLY_TO_MAX, `Email addresses are at most ${REPLY_TO_MAX} characters.`), oneLine("Write the address on one line.")),
  z.union([z.literal(""), z.email("Enter an email address such as bookings@youragency.com, or leave it empty.")]),
);

const phone = z
  .string()
  .check(
    z.trim(),
    z.maxLength(PHONE_MAX, `Phone numbers are at most ${PHONE_MAX} characters.`),
    z.refine(
      (v) => v === "" || (/^\+[\d\s().-]+$/.test(v) && digitsIn(v) >= 7 && digitsIn(v) <= 15),
      "Enter the number with its country code, such as +44 20 7946 0958, or leave it empty.",
    ),
  );

const address = z.pipe(
  z.string().check(z.overwrite((v) => v.replace(/\r\n?/g, "\n").trim())),
  z.string().check(
    z.maxLength(ADDRESS_MAX, `The address can be at most ${ADDRESS_MAX} characters.`),
    z.refine((v) => v.split("\n").length <= ADDRESS_MAX_LINES, `Use at most ${ADDRESS_MAX_LINES} lines for the address.`),
    z.refine((v) => !CONTROL_BUT_NEWLINE.test(v), "Remove the tabs or other special characters from the address."),
  ),
);

const digitsIn = (v: string) => v.replace(/\D/g, "").length;

/** The form's fields (and PUT /api/agency's body). Empty optional fields are saved as empty. */
export const agencyProfileSchema = z.object({
  name: agencyNameSchema(),
  replyTo,
  phone,
  address,
});
export type AgencyProfileInput = z.input<typeof agencyProfileSchema>;
export type AgencyProfileValues = z.output<typeof agencyProfileSchema>;
export const AGENCY_PROFILE_FIELDS = ["name", "replyTo", "phone", "address"] as const;

/** GET /api/agency: what the desk knows of the agency. `name` is "" until an admin sets it. */
export const agencyProfileResponseSchema = z.object({
  name: z.string(),
  replyTo: z.string(),
  phone: z.string(),
  address: z.string(),
  /** Where the logo is served (with its version, so a new one is fetched at once), or null. */
  logoUrl: z.nullable(z.string()),
  /** From the desk's environment (AGENCY_CURRENCY, AGENCY_MARKET): shown, not edited here. */
  currency: z.string(),
  market: z.string(),
  updatedAt: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
});
export type AgencyProfile = z.output<typeof agencyProfileResponseSchema>;

/* ------------------------------------------------------------------------------ logo */

export const LOGO_MAX_BYTES = 500 * 1024;
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/**
 * What the file's first bytes say it is: only PNG, JPEG and WebP are taken, whatever its name
 * or declared type. SVG is refused: it is a document that can carry scripts.
 */
export function sniffLogo(bytes: Uint8Array): LogoType | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (at(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "image/webp";
  return null;
}

/** Why a file cannot be the logo, in a sentence; null when it can. */
export function logoProblem(file: { size: number; type?: string; name?: string }, head?: Uint8Array): string | null {
  if (file.size === 0) return "This file is empty. Choose the logo's image file.";
  if (file.size > LOGO_MAX_BYTES) {
    return `This image is ${formatKb(file.size)}; the logo can be at most ${formatKb(LOGO_MAX_BYTES)}. Save it smaller (a logo needs about 600 pixels across at most).`;
  }
  const svg = file.type === "image/svg+xml" || /\.svgz?$/i.test(file.name ?? "");
  if (svg) return "SVG images can carry scripts, so the desk does not take them. Save the logo as PNG, JPEG or WebP.";
  if (head && !sniffLogo(head)) return "This file is not a PNG, JPEG or WebP image. Save the logo in one of these formats.";
  return null;
}

const formatKb = (bytes: number) => `${Math.ceil(bytes / 1024).toLocaleString("en-US")} KB`;
