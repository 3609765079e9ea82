import type { Route } from '../route.js';
export declare const analyticsRoutes: Route[];
