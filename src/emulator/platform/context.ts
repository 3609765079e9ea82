// What every platform operation is given: one environment's data, its event bus and clock, and
// the origin of public links. No request, no key: the server, trigger, simulate, the sandbox seed
// and the public pages all call the same operations with this.
import type { EventBus } from './event-bus.js';
import type { Store } from '../storage/store.js';

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
