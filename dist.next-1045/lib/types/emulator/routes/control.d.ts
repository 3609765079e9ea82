import type { Route } from '../route.js';
export declare const MAX_SIMULATED_APPLICATIONS = 100000;
export declare const controlRoutes: Route[];
