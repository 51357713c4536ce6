import { UnknownLink } from "@/components/proposals/public/link-states";

/** notFound() from the client's page: a link that opens nothing, with no hint whether it ever did (HTTP 404; Next adds noindex). */
export default function ProposalLinkNotFound() {
  return <UnknownLink />;
}
