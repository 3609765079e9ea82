export declare const COUNTRY_CODES: ReadonlySet<string>;
export declare const CURRENCY_CODES: ReadonlySet<string>;
/** A code as stored and sent: `us`, ` de ` → `US`, `DE` (one rule for flags, files, wizard, server). */
export declare const normaliseCode: (value: string) => string;
/** A value as quoted in a message: JSON-escaped, and cut short when long. */
export declare function quotedValue(value: string): string;
export declare const CODE_LISTS: {
    readonly country: {
        readonly codes: ReadonlySet<string>;
        readonly standard: "ISO 3166-1 alpha-2 country code";
        readonly examples: "US, DE, GB";
    };
    readonly currency: {
        readonly codes: ReadonlySet<string>;
        readonly standard: "ISO 4217 currency code";
        readonly examples: "USD, EUR, GBP";
    };
};
/** The message for a code not in its list, as it reads after the field's name. */
export declare function codeError(list: keyof typeof CODE_LISTS, given: string): string;
