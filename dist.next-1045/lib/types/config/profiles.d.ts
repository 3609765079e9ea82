import * as z from 'zod/mini';
import { HireError } from '../errors.js';
import { type Env } from './paths.js';
export declare const ENVIRONMENTS: readonly ["production", "sandbox", "local"];
export type Environment = (typeof ENVIRONMENTS)[number];
export declare const LOCAL_PROFILE = "local";
/** The built-in `local` profile: the emulator's production, at its default address (CONTRACT §6, §7). */
export declare const LOCAL_BASE_URL = "http://127.0.0.1:4010/api/v1";
/** The built-in `local-sandbox` profile: the emulator's sandbox, beside the `local` profile's production. */
export declare const LOCAL_SANDBOX_PROFILE = "local-sandbox";
/** Where the emulator serves its sandbox, below any origin (CONTRACT §7 "Environments"). */
export declare const SANDBOX_API_PATH = "/sandbox/api/v1";
/** The profiles that exist without a login; they cannot be removed. */
export declare const BUILT_IN_PROFILES: readonly string[];
declare const ProfileRecordSchema: z.ZodMiniObject<{
    environment: z.ZodMiniEnum<{
        production: "production";
        sandbox: "sandbox";
        local: "local";
    }>;
    base_url: z.ZodMiniString<string>;
    api_key: z.ZodMiniOptional<z.ZodMiniString<string>>;
    key_saved_at: z.ZodMiniOptional<z.ZodMiniString<string>>;
}, z.core.$loose>;
/** Profile names: letters, digits, `_` and `-`. */
export declare const PROFILE_NAME: RegExp;
/** `hk_…a1b2`: at most the first 3 and the last 4 characters of a key. */
export declare function maskKey(key: string | undefined): string;
export type ProfileRecord = z.infer<typeof ProfileRecordSchema>;
declare const ConfigFileSchema: z.ZodMiniObject<{
    default_profile: z.ZodMiniOptional<z.ZodMiniString<string>>;
    profiles: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniObject<{
        environment: z.ZodMiniEnum<{
            production: "production";
            sandbox: "sandbox";
            local: "local";
        }>;
        base_url: z.ZodMiniString<string>;
        api_key: z.ZodMiniOptional<z.ZodMiniString<string>>;
        key_saved_at: z.ZodMiniOptional<z.ZodMiniString<string>>;
    }, z.core.$loose>>>;
    listen_secrets: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
    listen_webhooks: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniArray<z.ZodMiniObject<{
        url: z.ZodMiniString<string>;
        pid: z.ZodMiniNumber<number>;
        api: z.ZodMiniOptional<z.ZodMiniString<string>>;
        base_url: z.ZodMiniOptional<z.ZodMiniString<string>>;
    }, z.core.$loose>>>>;
}, z.core.$loose>;
export type ConfigFile = z.infer<typeof ConfigFileSchema>;
/**
 * Reads the config file. A missing file is an empty config; a file that cannot be parsed is
 * reported with its path and never touched. Reads go straight to the JSON file: conf (which writes
 * it) costs ≈18 ms to load, and most commands only read.
 */
export declare function readConfig(env: Env): ConfigFile;
/** The config's shape, or an error naming the file and the first bad field. */
export declare function checkConfig(path: string, parsed: unknown): ConfigFile;
export declare function invalidConfig(path: string, reason: string): HireError;
export type KeySource = 'env' | 'profile' | 'local' | 'none';
export interface ResolvedProfile {
    name: string;
    environment: Environment;
    /** The base URL as configured, before normalisation (see api/base-url.ts). */
    baseUrl: string;
    baseUrlSource: 'env' | 'profile';
    apiKey: string | undefined;
    keySource: KeySource;
    /** Chosen with --profile, HIRE_PROFILE or a saved default, rather than by falling back. */
    explicit: boolean;
}
/** Every profile's name: the built-in local and local-sandbox first, then the config's in order. */
export declare function profileNames(config: ConfigFile): string[];
/**
 * Which of the platform's environments a profile works on: its own for production and sandbox
 * profiles; for a `local` (emulator) profile, the one its address names (`/sandbox/api/v1` or not).
 */
export declare function targetEnvironment(profile: {
    environment: Environment;
    baseUrl: string;
}): 'production' | 'sandbox';
/**
 * What a base URL says of its environment: a `sandbox` segment of its path (`/sandbox/api/v1`) or
 * label of its host (`sandbox.example.com`) says sandbox; otherwise it says nothing.
 */
export declare function environmentFromUrl(url: string): 'sandbox' | undefined;
/** The default profile: the saved one, else local. */
export declare function defaultProfileName(config: ConfigFile): string;
export declare function resolveProfile(options: {
    flag: string | undefined;
    env: Env;
    config: ConfigFile;
}): ResolvedProfile;
export {};
