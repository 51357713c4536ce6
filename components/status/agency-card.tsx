import { Globe } from "lucide-react";
import { Card, CardBody, CardHeader, Code, Fact, FactList } from "../ui/card";
import { currencyName, formatMoneyExample, regionName } from "./format";

const TITLE_ID = "agency-settings-title";

/** The agency's own settings: the service has no endpoint for them (contract decisions §8). */
export function AgencyCard({ currency, market }: { currency: string; market: string }) {
  return (
    <Card aria-labelledby={TITLE_ID} data-testid="agency-settings" className="h-full">
      <CardHeader
        icon={<Globe className="size-5" />}
        title="Agency settings"
        titleId={TITLE_ID}
        description="Used for every search and price the desk shows"
      />
      <CardBody>
        <FactList>
          <Fact label="Currency">
            <span className="inline-flex items-center gap-2">
              {currencyName(currency)} <Code>{currency}</Code>
            </span>
          </Fact>
          <Fact label="Market">
            <span className="inline-flex items-center gap-2">
              {regionName(market)} <Code>{market}</Code>
            </span>
          </Fact>
          <Fact label="Prices look like">{formatMoneyExample(currency)}</Fact>
        </FactList>
      </CardBody>
    </Card>
  );
}
