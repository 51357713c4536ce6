import { ClientNotFound } from "@/components/clients/client-not-found";

/** What notFound() renders for an unknown or malformed client ID, with HTTP 404. */
export default function ClientNotFoundPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <ClientNotFound />
    </main>
  );
}
