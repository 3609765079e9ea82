/** Where the user names the data dir and the config dir, for the hint of a refused one. */
export declare const DATA_DIR_SETTINGS = "HIRE_DATA_DIR, or --data-dir for `hire emulator start`";
export declare const CONFIG_DIR_SETTINGS = "HIRE_CONFIG_DIR";
/** Makes `dir` (and missing parents, 0700) unless it exists; refuses one that is not a directory or that others can write. */
export declare function ensurePrivateDir(dir: string, what: string, setBy?: string): void;
/** Refuses an existing directory that is not one, or that group or others can write. */
export declare function refuseOpenDir(dir: string, what: string, setBy?: string): void;
