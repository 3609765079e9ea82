export interface LocalEmulator {
    mode: 'standing' | 'embedded';
    /** The origin to send requests to. */
    origin: string;
    /** The profile's address, when something else answers there. */
    foreign?: string;
    /** Said once on stderr by whoever started it (a data dir moved to the database). */
    migrated?: string;
    /**
     * This data dir's standing emulator serves HTTPS with a certificate this process does not trust
     * (`tlsError`, Node's code), or with `cert` to trust: nothing was started and nothing sent.
     */
    untrusted?: {
        origin: string;
        tlsError: string;
        cert?: string;
    };
    close(): Promise<void>;
}
export declare function connectLocalEmulator(options: {
    address: URL;
    dataDir: string;
    localKey: string;
    now?: () => Date;
    /** Damaged records the in-process emulator met (lists leave them out). */
    onWarning?: (message: string) => void;
}): Promise<LocalEmulator>;
