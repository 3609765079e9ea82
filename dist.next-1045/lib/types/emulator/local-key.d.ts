export declare const LOCAL_KEY_PREFIX = "hk_local_";
/** The sandbox's own data dir (its database and local key) inside the emulator's data dir. */
export declare const SANDBOX_DIR = "sandbox";
/** The data dir of an emulator environment: production's is the data dir itself. */
export declare function environmentDataDir(dataDir: string, environment: 'production' | 'sandbox'): string;
export declare function localKeyPath(dataDir: string): string;
/** Returns the data dir's local key, creating it (exclusively, mode 0600) if there is none. */
export declare function ensureLocalKey(dataDir: string): string;
export declare function hashKey(key: string): string;
