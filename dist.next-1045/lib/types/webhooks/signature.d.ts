export declare const SECRET_PREFIX = "whsec_";
/** Receivers reject timestamps further than this from now, past or future. */
export declare const TOLERANCE_SECONDS: number;
/** The HMAC key: the base64 after `whsec_`, decoded; otherwise the secret's UTF-8 bytes. */
export declare function signingKey(secret: string): Buffer;
/**
 * `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`. A receiver passes the body's bytes as they
 * came: decoding them first would make bytes that are not UTF-8 sign like U+FFFD.
 */
export declare function sign(secret: string, id: string, timestamp: number, body: string | Uint8Array): string;
export interface DeliveryHeaders {
    'webhook-id': string;
    'webhook-timestamp': string;
    'webhook-signature': string;
}
export declare function signedHeaders(secret: string, id: string, body: string, now: Date): DeliveryHeaders;
export type VerifyResult = {
    valid: true;
} | {
    valid: false;
    reason: string;
};
/**
 * Checks a delivery: the three headers present, a timestamp within five minutes of now, and any
 * of the space-separated `v1,` signatures matching (several during secret rotation). Constant-time.
 */
export declare function verify(options: {
    secret: string;
    id: string | undefined;
    timestamp: string | undefined;
    signature: string | undefined;
    /** The body as received: its bytes (or text, encoded as UTF-8). */
    body: string | Uint8Array;
    now?: Date;
}): VerifyResult;
/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export declare function generateSecret(): string;
