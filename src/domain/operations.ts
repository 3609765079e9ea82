// The operations hire uses on the platform, as data: method, path (as the OpenAPI document writes
// it), and whether the API spec publishes it. The spec publishes six; the rest are our assumptions
// (docs/api-choices.md "Running against a real platform"). One source: the emulator's route table
// names its routes by these ids (and the OpenAPI document is generated from it), commands declare
// the ones they use, the client falls back when an assumed one is not offered, and `hire doctor`
// checks each.

export interface OperationSpec {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** As the OpenAPI document writes it: `/jobs/{id}`. */
  path: string;
  /** In the API spec's list of operations; otherwise assumed. */
  published: boolean;
  /** A published list that holds this operation's record, filtered by its id (the spec: any field filters). */
  list?: string;
}

export const OPERATIONS = {
  createJob: { method: 'POST', path: '/jobs', published: true },
  listJobs: { method: 'GET', path: '/jobs', published: true },
  getJob: { method: 'GET', path: '/jobs/{id}', published: false, list: 'listJobs' },
  updateJob: { method: 'PATCH', path: '/jobs/{id}', published: false, list: 'listJobs' },
  deleteJob: { method: 'DELETE', path: '/jobs/{id}', published: false, list: 'listJobs' },
  listCandidates: { method: 'GET', path: '/candidates', published: true },
  getCandidate: { method: 'GET', path: '/candidates/{id}', published: false, list: 'listCandidates' },
  moveCandidate: { method: 'PATCH', path: '/candidates/{id}', published: false, list: 'listCandidates' },
  createAssessment: { method: 'POST', path: '/assessments', published: true },
  listAssessments: { method: 'GET', path: '/assessments', published: false },
  getAssessment: { method: 'GET', path: '/assessments/{id}', published: false },
  getAnalytics: { method: 'GET', path: '/analytics', published: true },
  createWebhook: { method: 'POST', path: '/webhooks', published: true },
  listWebhooks: { method: 'GET', path: '/webhooks', published: false },
  getWebhook: { method: 'GET', path: '/webhooks/{id}', published: false },
  deleteWebhook: { method: 'DELETE', path: '/webhooks/{id}', published: false },
  listWebhookDeliveries: { method: 'GET', path: '/webhooks/{id}/deliveries', published: false },
  listDeliveries: { method: 'GET', path: '/deliveries', published: false },
  listEvents: { method: 'GET', path: '/events', published: false },
  getEvent: { method: 'GET', path: '/events/{id}', published: false },
  resendEvent: { method: 'POST', path: '/events/{id}/resend', published: false },
} as const satisfies Record<string, OperationSpec>;

export type OperationId = keyof typeof OPERATIONS;

export const OPERATION_IDS = Object.keys(OPERATIONS) as OperationId[];

/** `GET /jobs/{id}`: how messages and `hire doctor` name an operation. */
export const operationName = (id: OperationId): string => `${OPERATIONS[id].method} ${OPERATIONS[id].path}`;

const TEMPLATES = OPERATION_IDS.map((id) => ({
  id,
  method: OPERATIONS[id].method,
  pattern: new RegExp(`^${OPERATIONS[id].path.replace(/\{[a-z_]+\}/g, '([^/?]+)')}$`),
}));

/**
 * The operation a request is, from its method and its path below the base URL (`/webhooks/wh_1/deliveries`),
 * with the id in its path (decoded) when it has one; undefined for a path no operation has.
 */
export function operationAt(method: string, path: string): { operation: OperationId; id?: string } | undefined {
  const bare = path.split('?')[0]!;
  for (const template of TEMPLATES) {
    if (template.method !== method) continue;
    const match = template.pattern.exec(bare);
    if (!match) continue;
    if (match[1] === undefined) return { operation: template.id };
    try {
      return { operation: template.id, id: decodeURIComponent(match[1]) };
    } catch {
      return { operation: template.id, id: match[1] };
    }
  }
  return undefined;
}
