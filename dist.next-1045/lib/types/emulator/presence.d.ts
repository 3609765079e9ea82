export interface ServerRecord {
    pid: number;
    /** `http://127.0.0.1:4010`, or `https://…` for `hire emulator start --tls`: the scheme is the emulator's. */
    url: string;
    /** With --tls: the certificate file clients must trust. */
    cert?: string;
    started_at: string;
}
export declare const INFO_PATH = "/_emulator/info";
export declare function recordPath(dataDir: string): string;
export declare function readServerRecord(dataDir: string): ServerRecord | undefined;
export declare function writeServerRecord(dataDir: string, record: ServerRecord): void;
/** Removes the record if it is still this one (a newer server may have replaced it). */
export declare function removeServerRecord(dataDir: string, record: ServerRecord): void;
export declare function isAlive(pid: number): boolean;
/** The answer to a nonce, for the connection between `address:port` (the server's end). */
export declare function infoProof(localKey: string, nonce: string, address: string | undefined, port: number | undefined): string;
/**
 * `untrusted`: over https, this data dir's emulator (it proved it) with a certificate this process
 * does not trust; `not_tls`: an https origin whose server does not speak TLS.
 */
export type Verdict = 'ours' | 'absent' | 'foreign' | 'untrusted' | 'not_tls';
/**
 * Asks the server at `origin` to prove that it serves the data dir whose local key is `localKey`.
 * Nothing secret is sent. `absent` when nothing listens; `foreign` for any other answer, none, or
 * one that does not prove it. `detail.tlsError` gets the TLS error's code, if there was one.
 */
export declare function probeEmulator(origin: string, localKey: string, timeoutMs?: number, detail?: {
    tlsError?: string;
}): Promise<Verdict>;
