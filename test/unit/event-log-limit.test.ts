// The event log's limit is one number (EVENTS_KEPT): the pages that name it, and the OpenAPI
// summary of GET /events, say that number and no other (docs/emulator.md "Webhooks and events").
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EVENTS_KEPT } from '../../src/emulator/platform/event-records.js';
import { eventRoutes } from '../../src/emulator/http/routes/events.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const written = EVENTS_KEPT.toLocaleString('en-US');

describe('the event log limit', () => {
  it.each(['README.md', 'docs/emulator.md', 'docs/api-choices.md'])('%s names EVENTS_KEPT as it is', (page) => {
    const text = readFileSync(`${ROOT}/${page}`, 'utf8').replace(/\s+/g, ' ');
    const named = [...text.matchAll(/newest ([\d,]+) (?:events|per environment)/g)].map((match) => match[1]);
    expect(named.length, page).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set([written]));
  });

  it('the OpenAPI summary of the event log says the same number', () => {
    const list = eventRoutes.find((route) => route.method === 'GET' && route.path === '/events');
    const summary = list?.doc?.summary ?? '';
    expect(summary).toContain(`newest ${written} events`);
  });
});
