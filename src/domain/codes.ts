// The code lists behind location.country and salary.currency, shipped as data rather than read from
// Intl.supportedValuesOf('currency'), whose ICU list differs between Node versions and keeps
// withdrawn codes (HRK, ZWL, SLL on Node 20) while lacking fund codes.

// ISO 3166-1 alpha-2: the 249 officially assigned codes (user-assigned ones such as XK are not).
const ISO_3166_ALPHA2 =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
  'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
  'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW';

// ISO 4217 List One (2025): the active codes that money is paid in, fund codes included (a Chilean
// salary may be set in CLF). Left out: units that are not a currency (XAU XAG XPD XPT metals, XBA–XBD
// bond units, XDR XSU XUA, XTS testing, XXX "no currency") and withdrawn codes (HRK, ZWL, CUC, SLL…).
const ISO_4217_CURRENCIES =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP ' +
  'BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR ' +
  'FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES ' +
  'KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR ' +
  'MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF ' +
  'SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS ' +
  'UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG';

export const COUNTRY_CODES: ReadonlySet<string> = new Set(ISO_3166_ALPHA2.split(' '));
export const CURRENCY_CODES: ReadonlySet<string> = new Set(ISO_4217_CURRENCIES.split(' '));

/** A code as stored and sent: `us`, ` de ` → `US`, `DE` (one rule for flags, files, wizard, server). */
// ASCII letters only are upper-cased: Unicode case mapping turns ı, ſ, ß, ﬆ into I, S, SS, ST, so
// "ıd" or "uſd" would be stored as ID or USD; such text stays as typed, and is refused by the list.
export const normaliseCode = (value: string): string =>
  value.trim().replace(/[a-z]/g, (letter) => letter.toUpperCase());

/** A value as quoted in a message: JSON-escaped, and cut short when long. */
export function quotedValue(value: string): string {
  const shown = [...value].length > 24 ? `${[...value].slice(0, 24).join('')}…` : value;
  return JSON.stringify(shown);
}

export const CODE_LISTS = {
  country: { codes: COUNTRY_CODES, standard: 'ISO 3166-1 alpha-2 country code', examples: 'US, DE, GB' },
  currency: { codes: CURRENCY_CODES, standard: 'ISO 4217 currency code', examples: 'USD, EUR, GBP' },
} as const;

/** The message for a code not in its list, as it reads after the field's name. */
export function codeError(list: keyof typeof CODE_LISTS, given: string): string {
  const { standard, examples } = CODE_LISTS[list];
  return `${quotedValue(given)} is not an ${standard} (such as ${examples})`;
}
