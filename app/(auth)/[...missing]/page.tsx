import { notFound } from "next/navigation";

// A URL that matches no page: the designed 404 (app/not-found.tsx) with HTTP 404, under the desk's
// bar and stylesheet ((auth)/layout.tsx) rather than the bare root layout, which loads no
// stylesheet so that the client's proposal page can carry its own, inlined (app/p/layout.tsx).
export default function Missing(): never {
  notFound();
}
