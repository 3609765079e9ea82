export declare class DeprecationNotice {
    #private;
    constructor(say: ((message: string) => void) | undefined);
    /** Says it, once: `what` is deprecated (and removed after the Sunset header's date, if any). */
    deprecated(what: string, headers?: Readonly<Record<string, string>>): void;
    /** An answer: deprecated when it says so. */
    answer(method: string, path: string, headers: Readonly<Record<string, string>>): void;
}
