// The operations hire uses (domain/operations.ts) and the emulator's route table name the same
// operations, both ways: every API route serves one of them, with its method and path; every one of
// them has its route. The OpenAPI document is generated from the route table, so it says the same.
import { describe, expect, it } from 'vitest';
import { OPERATIONS, OPERATION_IDS } from '../../src/domain/operations.js';
import { API_ROUTES, PUBLISHED_ROUTES } from '../../src/emulator/http/route-table.js';
import { buildDocument } from '../../src/emulator/openapi/document.js';

/** A route's path as the OpenAPI document writes it: `/jobs/:id` → `/jobs/{id}`. */
const openApiPath = (path: string) => path.replace(/:([a-z_]+)/g, '{$1}');

describe('the operations table and the route table', () => {
  it('every API route serves an operation of the table, with its method and path', () => {
    for (const route of API_ROUTES) {
      const name = `${route.method} ${route.path}`;
      expect(route.doc, name).toBeDefined();
      const operation = OPERATIONS[route.doc!.operation];
      expect(operation, name).toBeDefined();
      expect(`${route.method} ${openApiPath(route.path)}`).toBe(`${operation.method} ${operation.path}`);
    }
  });

  it('every operation of the table has exactly one route', () => {
    for (const id of OPERATION_IDS)
      expect(
        API_ROUTES.filter((route) => route.doc?.operation === id).map((route) => route.path),
        id,
      ).toHaveLength(1);
    expect(API_ROUTES).toHaveLength(OPERATION_IDS.length);
  });

  it('the published routes are the published operations, and the document marks the others assumed', () => {
    expect(PUBLISHED_ROUTES.map((route) => route.doc!.operation).sort()).toEqual(
      OPERATION_IDS.filter((id) => OPERATIONS[id].published).sort(),
    );
    const paths = buildDocument(API_ROUTES).paths as Record<string, Record<string, Record<string, unknown>>>;
    for (const id of OPERATION_IDS) {
      const { method, path, published } = OPERATIONS[id];
      const described = paths[path]?.[method.toLowerCase()];
      expect(described?.operationId, id).toBe(id);
      expect(described?.['x-assumed'], id).toBe(published ? undefined : true);
    }
  });
});
