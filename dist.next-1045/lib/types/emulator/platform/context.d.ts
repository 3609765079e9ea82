import type { EventBus } from '../events.js';
import type { Store } from '../store.js';
export type EmulatorEnvironment = 'production' | 'sandbox';
export interface PlatformContext {
    store: Store;
    events: EventBus;
    /** Origin used for public links (`application_url`), with the environment's path (`…/sandbox`). */
    publicUrl: string;
    now(): Date;
    /** Which environment's data this is: production (`/api/v1`) or the sandbox (`/sandbox/api/v1`). */
    environment: EmulatorEnvironment;
}
