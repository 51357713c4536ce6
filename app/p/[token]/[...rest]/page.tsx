import { notFound } from "next/navigation";

// Anything below a client's link (/p/<token>/…): the client's own "link not found" page, in no
// one's name (app/p/[token]/not-found.tsx), not the desk's 404.
export default function BelowLink(): never {
  notFound();
}
