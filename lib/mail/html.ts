import "server-only";

// Text placed in a mail's HTML body: every template of the desk's mail (a proposal, a reminder)
// escapes what it did not write itself, a client's or an agency's name included.

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
