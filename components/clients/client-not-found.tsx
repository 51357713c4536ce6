import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";

/** An address no client of the agency has: the designed page the server answers with HTTP 404 (app/(desk)/clients/[id]/not-found.tsx). */
export function ClientNotFound() {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-medium text-brand-700">Client</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">This client could not be found</h1>
      <Callout title="No client of the agency has this address" className="mt-6">
        <p>The link may be wrong or cut short. Find the client in the list by their name, email or phone number.</p>
      </Callout>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link href="/clients" className={buttonClasses({ variant: "primary" })}>
          Back to clients
        </Link>
      </div>
    </div>
  );
}
