// The route table: the API's routes (under /api/v1, and /api/v0 deprecated) and the emulator's own
// controls (under /_emulator, loaded at their first request), each compiled once to a pattern;
// and which route answers a method on a path, or why none does (404: no such path; 405: the path
// is there, the method is not).
import { OPERATIONS } from '../../domain/operations.js';
import { HttpError } from './answers.js';
import { onFirstUse } from '../platform/first-use.js';
import type { Route } from './route.js';
import { analyticsRoutes } from './routes/analytics.js';
import { assessmentRoutes } from './routes/assessments.js';
import { candidateRoutes } from './routes/candidates.js';
import { eventRoutes } from './routes/events.js';
import { jobRoutes } from './routes/jobs.js';
import { webhookRoutes } from './routes/webhooks.js';

export interface CompiledRoute extends Route {
  pattern: RegExp;
  names: string[];
}

/** The API, under /api/v1 (and the deprecated /api/v0). */
export const API_ROUTES: CompiledRoute[] = [
  ...jobRoutes,
  ...candidateRoutes,
  ...assessmentRoutes,
  ...analyticsRoutes,
  ...webhookRoutes,
  ...eventRoutes,
].map(compileRoute);
/**
 * The operations the API spec publishes, alone: what a published-only emulator serves (docs/emulator.md
 * "Only what the spec publishes").
 */
export const PUBLISHED_ROUTES: CompiledRoute[] = API_ROUTES.filter(
  (route) => route.doc && OPERATIONS[route.doc.operation].published,
);
/**
 * The emulator's own controls, under /_emulator, loaded with the first request to one: they drive
 * simulations, triggers and resets, which no API request needs.
 */
const controls = onFirstUse(() =>
  import('./routes/control.js').then((module) => module.controlRoutes.map(compileRoute)),
);
export const controlRoutes = (): Promise<CompiledRoute[]> => controls.load();

function compileRoute(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path.replace(/:([a-z_]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { ...route, pattern: new RegExp(`^${source}$`), names };
}

/** The route that answers the method on the path, with its parameters decoded; else 404 or 405 (with Allow). */
export function findRoute(
  routes: CompiledRoute[],
  method: string,
  path: string,
): { route: CompiledRoute; params: Record<string, string> } {
  const allowed: string[] = [];
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.method !== method) {
      allowed.push(route.method);
      continue;
    }
    const params: Record<string, string> = {};
    for (const [index, name] of route.names.entries()) {
      try {
        params[name] = decodeURIComponent(match[index + 1]!);
      } catch {
        throw new HttpError(400, 'validation_error', 'The path is not valid percent-encoding.', {
          [name]: 'is not valid percent-encoding',
        });
      }
    }
    return { route, params };
  }
  if (allowed.length > 0) {
    throw new HttpError(
      405,
      'method_not_allowed',
      `${method} is not allowed on ${path}; use ${allowed.join(', ')}.`,
      undefined,
      {
        allow: allowed.join(', '),
      },
    );
  }
  throw new HttpError(404, 'not_found', `No such endpoint: ${method} ${path}.`);
}
