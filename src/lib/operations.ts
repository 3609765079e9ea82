// What HiringClient's methods run, loaded at its first call (not as 'hire' is imported): the API
// layer's resource modules, the services (bulk work) and the domain checks (zod).
export { ApiClient } from '../api/client.js';
export { ASSESSMENTS_PATH, createAssessment, getAssessment } from '../api/assessments.js';
export { getAnalytics } from '../api/analytics.js';
export { CANDIDATES_PATH, getCandidate, moveCandidate } from '../api/candidates.js';
export { EVENTS_PATH, getEvent, resendEvent } from '../api/events.js';
export { JOBS_PATH, createJob, deleteJob, getJob, setJobStatus, updateJob } from '../api/jobs.js';
export { listPage } from '../api/list.js';
export { paginate } from '../api/paginate.js';
export { WEBHOOKS_PATH, createWebhook, deliveriesPath, removeWebhook } from '../api/webhooks.js';
export { validateJobInput, validateJobPatch } from '../domain/job-schema.js';
export { JOB_VERBS } from '../domain/job-status.js';
export { CANDIDATE_STATUSES } from '../domain/vocabulary.js';
export { validateWebhookInput } from '../domain/webhook.js';
export { checkQuery } from './query.js';
export { checkRows, importJobs } from '../services/import.js';
export { moveCandidates } from '../services/move.js';
