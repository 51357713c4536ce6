// One list of countries, one way of naming them, wherever the desk asks for one (guest
// nationality in search, a passenger's nationality in checkout, a destination's country):
// every ISO 3166-1 code (and AC, TA, XK, reserved or user-assigned), named in English by Intl
// ("Åland Islands", "Côte d'Ivoire"). The codes are those of countries-list, written out here so
// that the browser gets ~750 bytes instead of the package's names (lib/countries.test.ts keeps
// the two lists equal).

const CODES =
  "AC AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR " +
  "BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC " +
  "EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK " +
  "HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB " +
  "LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ " +
  "NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU " +
  "RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TA TC TD TF TG TH TJ TK TL TM " +
  "TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW";

export const COUNTRY_CODES: readonly string[] = CODES.split(" ");

export type CountryOption = { code: string; name: string };

let cached: CountryOption[] | null = null;

// One collator for the whole sort: `localeCompare(…, "en")` makes one per comparison (about 2,000
// of them for 250 names), which cost /search 30 ms of its load at Lighthouse's 4× CPU.
const byName = (a: string, b: string) => (collator ??= new Intl.Collator("en")).compare(a, b);
let collator: Intl.Collator | undefined;

export function countryOptions(): CountryOption[] {
  if (cached) return cached;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(["en"], { type: "region" });
  } catch {
    names = null;
  }
  cached = COUNTRY_CODES.map((code) => {
    let name = code;
    try {
      name = names?.of(code) ?? code;
    } catch {
      // An old engine without this region: show its code.
    }
    return { code, name };
  }).sort((a, b) => byName(a.name, b.name));
  return cached;
}

export function countryName(code: string): string {
  return countryOptions().find((c) => c.code === code)?.name ?? code;
}
