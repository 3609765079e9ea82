// The candidate's pages' addresses (docs/emulator.md "The candidate's side"): `/apply/{job_id}`,
// `/assess/{token}`, each with its `/thanks`. Apart from the pages (serve.ts, render.ts), which the
// first page request loads: an API request does not.
export const PAGE_PATH = /^\/(apply|assess)\/([^/]+)(\/thanks)?\/?$/;
