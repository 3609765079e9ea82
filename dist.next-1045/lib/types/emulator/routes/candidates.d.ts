import type { Route } from '../route.js';
export declare const candidateRoutes: Route[];
