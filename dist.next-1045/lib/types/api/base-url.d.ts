import { type LookupAddress, type LookupOptions } from 'node:dns';
export interface BaseUrl {
    /** Normalised, without a trailing slash: `https://host/api/v1`. */
    href: string;
    version: number;
    deprecated: boolean;
}
/**
 * A literal loopback address (127.0.0.0/8, ::1) or the name `localhost`, which the client
 * resolves itself (lookupLoopback). Not `*.localhost`: a resolver answers for those, and could
 * send plain http, the key with it, anywhere.
 */
export declare function isLoopbackHost(hostname: string): boolean;
/** A dns.lookup for connections to loopback hosts: `localhost` is this machine, whatever a resolver says. */
export declare function lookupLoopback(hostname: string, options: LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void): void;
/** The URL as safe to print: user-info (which may hold a key) replaced by `…`. */
export declare function redactUrl(raw: string): string;
export declare function resolveBaseUrl(raw: string, source?: string): BaseUrl;
