export declare class LegacyFormatError extends Error {
}
export declare const LEGACY_FILES: readonly ["state.json", "journal.jsonl"];
/** The records of a first-format data dir, by collection in their order, or undefined if it has none. */
export declare function readLegacyState(dir: string): Map<string, Map<string, {
    id: string;
}>> | undefined;
