// Country and currency codes (issue 19): normalised to upper case and checked against ISO 3166-1
// alpha-2 and ISO 4217 by the one domain schema, so that flags, --from-file, import rows, the
// wizard (test/unit/wizard-flow.test.ts) and the emulator's own HTTP answers agree.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, CURRENCY_CODES, normaliseCode } from '../../src/domain/codes.js';
import { DESCRIPTION, runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';

const countryError = (given: string) =>
  `${JSON.stringify(given)} is not an ISO 3166-1 alpha-2 country code (such as US, DE, GB)`;
const currencyError = (given: string) =>
  `${JSON.stringify(given)} is not an ISO 4217 currency code (such as USD, EUR, GBP)`;

/** [country as given, currency as given, what is stored or the errors expected]. */
type Case = [string, string, { stored: [string, string] } | { country?: string; currency?: string }];
const CASES: Case[] = [
  ['US', 'USD', { stored: ['US', 'USD'] }],
  ['us', 'usd', { stored: ['US', 'USD'] }],
  [' de ', ' eur', { stored: ['DE', 'EUR'] }],
  ['gB', 'Gbp', { stored: ['GB', 'GBP'] }],
  ['XX', 'EUR', { country: countryError('XX') }],
  ['DE', 'EURO', { currency: currencyError('EURO') }],
  ['USA', 'eur', { country: countryError('USA') }],
  ['UK', 'XAU', { country: countryError('UK'), currency: currencyError('XAU') }],
  ['\u001b[2J', 'HRK', { country: countryError('\u001b[2J'), currency: currencyError('HRK') }],
];

const jobWith = (country: string, currency: string) => ({
  title: 'Platform Engineer',
  description: DESCRIPTION,
  location: { type: 'remote', country },
  salary: { min: 1, max: 2, currency, period: 'yearly' },
});

describe('the code lists', () => {
  it('hold the 249 assigned ISO 3166-1 codes and the ISO 4217 currencies, upper case, no withdrawn or non-money codes', () => {
    expect(COUNTRY_CODES.size).toBe(249);
    for (const code of [...COUNTRY_CODES, ...CURRENCY_CODES]) expect(code).toMatch(/^[A-Z]+$/);
    for (const code of ['US', 'DE', 'GB', 'SS', 'BQ', 'AQ']) expect(COUNTRY_CODES.has(code), code).toBe(true);
    for (const code of ['XK', 'UK', 'EU', 'AN', 'YU', 'ZZ']) expect(COUNTRY_CODES.has(code), code).toBe(false);
    for (const code of ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'XCG', 'ZWG', 'VED', 'SLE', 'CLF'])
      expect(CURRENCY_CODES.has(code), code).toBe(true);
    for (const code of ['EURO', 'HRK', 'ZWL', 'XAU', 'XTS', 'XXX', 'XDR', 'DEM'])
      expect(CURRENCY_CODES.has(code), code).toBe(false);
  });

  it.each([
    ['us', 'US'],
    [' de ', 'DE'],
    ['\tusd\n', 'USD'],
    ['Eur', 'EUR'],
  ])('normaliseCode(%j) is %j', (given, stored) => {
    expect(normaliseCode(given)).toBe(stored);
  });
});

describe('the same rule everywhere', () => {
  it.each(CASES)('flags: --country %j --salary-currency %j', async (country, currency, expected) => {
    const box = await sandbox();
    const result = await runCli(
      [
        'jobs',
        'create',
        '--title',
        'Platform Engineer',
        '--description',
        DESCRIPTION,
        '--location-type',
        'remote',
        '--country',
        country,
        '--salary-currency',
        currency,
        '--json',
      ],
      { env: box.env },
    );
    if ('stored' in expected) {
      expect(result.code, result.stderr).toBe(0);
      const job = JSON.parse(result.stdout);
      expect([job.location.country, job.salary.currency]).toEqual(expected.stored);
      return;
    }
    expect(result.code).toBe(2);
    const details = JSON.parse(result.stderr).error.details as Record<string, string>;
    expect(details).toEqual({
      ...(expected.country ? { 'location.country': expected.country } : {}),
      ...(expected.currency ? { 'salary.currency': expected.currency } : {}),
    });
    // The human message names the flag, and the value comes out escaped.
    const human = await runCli(
      [
        'jobs',
        'create',
        '--title',
        'Platform Engineer',
        '--description',
        DESCRIPTION,
        '--location-type',
        'remote',
        '--country',
        country,
        '--salary-currency',
        currency,
      ],
      { env: box.env },
    );
    if (expected.country) expect(human.stderr).toContain('location.country (--country): "');
    if (expected.currency)
      expect(human.stderr).toContain(`salary.currency (--salary-currency): ${currencyError(currency)}`);
    expect(human.stderr).not.toContain('\u001b[2J');
  });

  it.each(CASES)('--from-file and straight HTTP to the emulator: %j %j', async (country, currency, expected) => {
    const box = await sandbox();
    const file = join(box.root, 'job.json');
    writeFileSync(file, JSON.stringify(jobWith(country, currency)));
    const fromFile = await runCli(['jobs', 'create', '--from-file', file, '--json'], { env: box.env });
    const emulator = await testEmulator(join(box.root, 'emulator-data'));
    const posted = await emulator.call('POST', '/jobs', { body: jobWith(country, currency) });
    if ('stored' in expected) {
      const [storedCountry, storedCurrency] = expected.stored;
      expect(fromFile.code, fromFile.stderr).toBe(0);
      expect(JSON.parse(fromFile.stdout)).toMatchObject({
        location: { country: storedCountry },
        salary: { currency: storedCurrency },
      });
      expect(posted.status).toBe(201);
      expect(posted.json.data).toMatchObject({
        location: { country: storedCountry },
        salary: { currency: storedCurrency },
      });
      // A PATCH normalises too.
      const patched = await emulator.call('PATCH', `/jobs/${posted.json.data.id}`, {
        body: { salary: { currency: 'chf' }, location: { country: 'ch' } },
      });
      expect(patched.json.data).toMatchObject({ location: { country: 'CH' }, salary: { currency: 'CHF' } });
      return;
    }
    const details = {
      ...(expected.country ? { 'location.country': expected.country } : {}),
      ...(expected.currency ? { 'salary.currency': expected.currency } : {}),
    };
    expect(fromFile.code).toBe(2);
    expect(JSON.parse(fromFile.stderr).error.details).toEqual(details);
    expect(posted.status).toBe(400);
    expect(posted.json.error.code).toBe('validation_error');
    expect(posted.json.error.details).toEqual(details);
  });

  it('import rows (CSV and NDJSON) store the normalised codes and refuse the bad ones, naming row and field', async () => {
    const box = await sandbox();
    const csv = join(box.root, 'jobs.csv');
    writeFileSync(
      csv,
      `title,description,location.type,location.country,salary.currency\nOne,"${DESCRIPTION}",remote,us,usd\nTwo,"${DESCRIPTION}",remote, de ,eur\n`,
    );
    const ok = await runCli(['jobs', 'import', csv], { env: box.env });
    expect(ok.code, ok.stderr).toBe(0);
    const listed = await runCli(['jobs', 'list', '--json'], { env: box.env });
    const jobs = (
      JSON.parse(listed.stdout) as { title: string; location: { country: string }; salary: { currency: string } }[]
    ).sort((a, b) => a.title.localeCompare(b.title));
    expect(jobs.map((job) => [job.title, job.location.country, job.salary.currency])).toEqual([
      ['One', 'US', 'USD'],
      ['Two', 'DE', 'EUR'],
    ]);

    const ndjson = join(box.root, 'bad.ndjson');
    writeFileSync(ndjson, `${JSON.stringify(jobWith('XX', 'EURO'))}\n`);
    const bad = await runCli(['jobs', 'import', ndjson], { env: box.env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      `row 1 (line 1): location.country: ${countryError('XX')}; salary.currency: ${currencyError('EURO')}`,
    );
  });
});

describe('jobs update', () => {
  it('--country and --salary-currency are normalised and checked as on create', async () => {
    const box = await sandbox();
    const created = await runCli(
      ['jobs', 'create', '--title', 'Platform Engineer', '--description', DESCRIPTION, '--json'],
      { env: box.env },
    );
    const { id } = JSON.parse(created.stdout) as { id: string };
    const updated = await runCli(
      ['jobs', 'update', id, '--location-type', 'remote', '--country', ' nl ', '--salary-currency', 'chf', '--json'],
      { env: box.env },
    );
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({
      location: { type: 'remote', country: 'NL' },
      salary: { currency: 'CHF' },
    });
    const refused = await runCli(['jobs', 'update', id, '--salary-currency', 'EURO'], { env: box.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`salary.currency (--salary-currency): ${currencyError('EURO')}`);
  });
});
