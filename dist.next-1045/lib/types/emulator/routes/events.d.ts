import type { Route } from '../route.js';
export declare const EVENT_FIELDS: readonly string[];
export declare const eventRoutes: Route[];
