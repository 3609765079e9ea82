// The candidate's pages over real HTTP, as a browser without JavaScript uses them (docs/emulator.md
// "The candidate's side"): an emulator on a clock the test moves, a published job, a page fetched
// or a form posted (redirects not followed), and the right answers to an assessment.
import { expect } from 'vitest';
import type { Assessment } from '../../src/emulator/platform/question-bank.js';
import { TASKS } from '../../src/emulator/platform/role-families.js';
import { DESCRIPTION } from './cli.js';
import { testEmulator, type TestEmulator } from './emulator.js';
import { sandbox } from './env.js';

/** Where the clock of a pages test starts. */
export const PAGES_START = Date.parse('2026-03-02T09:00:00.000Z');

/** An emulator in a sandbox of its own whose clock the test sets (`clock.now`, from PAGES_START). */
export async function emulator(
  clock: { now: number } = { now: PAGES_START },
): Promise<{ emu: TestEmulator; clock: { now: number } }> {
  const emu = await testEmulator((await sandbox()).dataDir, { now: () => new Date(clock.now) });
  return { emu, clock };
}

/** A published "Backend Engineer" job, with `overrides`; fails the test unless it is created. */
export async function createJob(emu: TestEmulator, overrides: Record<string, unknown> = {}): Promise<any> {
  const response = await emu.call('POST', '/jobs', {
    body: { title: 'Backend Engineer', description: DESCRIPTION, publish: true, ...overrides },
  });
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  return response.json.data;
}

export interface Page {
  status: number;
  headers: Headers;
  html: string;
}

/** A page as served: its status, headers and HTML; a redirect is not followed. */
export async function page(url: string, init: RequestInit = {}): Promise<Page> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** A form posted as a browser does (urlencoded). */
export function post(url: string, fields: Record<string, string>): Promise<Page> {
  return page(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The right answers to every question of an assessment, as form fields; `text` answers the written ones. */
export function rightAnswers(assessment: Assessment, text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const question of assessment.questions) {
    if (question.type === 'multiple_choice') fields[question.id] = String(question.answer_index);
    else if (question.type === 'ranksort') {
      const sorted = [...question.items!].sort((a, b) => TASKS.indexOf(a) - TASKS.indexOf(b));
      question.items!.forEach((item, index) => (fields[`${question.id}.${index}`] = String(sorted.indexOf(item) + 1)));
    } else fields[question.id] = text;
  }
  return fields;
}
