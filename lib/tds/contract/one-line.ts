import * as z from "zod/mini";

// Text that can end up in a mail header (a sender's name, a reply-to address) or a file name
// stays on one line: a CR or LF there starts a header of the sender's choosing ("Evil\r\nBcc:
// …"), and other control characters have no business in either. One rule, with a sentence, for
// every such field of every schema: the agency profile (lib/agency/profile.ts), the voucher
// email (lib/tds/contract/requests.ts `emailClientRequestSchema`, and its form, lib/bookings/email.ts).
// Email addresses need no more than their own format: no CR, LF or control character is valid
// in one, so `z.email()` refuses them already (lib/tds/contract/one-line.test.ts checks it does).

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const isOneLine = (v: string) => !CONTROL_CHARACTERS.test(v);

export const ONE_LINE = "Write this on one line, without line breaks, tabs or other special characters.";
export const ONE_LINE_NAME = "Write the name on one line, without tabs or other special characters.";

/** A check for a string schema: refused with `message` when the text holds a control character. */
export const oneLine = (message: string = ONE_LINE) => z.refine<string>(isOneLine, message);
