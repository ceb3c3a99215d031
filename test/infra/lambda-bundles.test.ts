import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ABOVE_RENTALS_TIER, BUNDLE_BUDGET_KB, bundle, domainsLoaded } from '../bench/bundles';

/**
 * What the security and auth Lambdas load at a cold start (the entry chunk and the chunks it
 * imports statically, built with the deployed rules): raising a security alert takes the alerts
 * domain's thin path (api.ts → raise.ts + the item's shape), never the generator (not even in a lazy
 * chunk: the rules are functions/alert-rules, reached by the jobs and its own Lambda), which reads six
 * other domains (rentals, tickets, documents, maintenance, invoices, collections — and through
 * customers the MRZ parser). The weekly report's wording (both languages of the security catalog)
 * is loaded by the job that words it, not by these Lambdas.
 *
 * And every domain Lambda (about 15 s for all of them on this machine): within the DESIGN.md §10
 * budget of 250 KB (issue 28) without the AWS SDK, as test/bench/bundles.ts measures it; the `mrz` parser
 * only in a lazy chunk (documents' analysis loads it through customers' `idScanRules()`) except in
 * customers itself (its ID-scan route); the documents reminder wording (shared/i18n/documents.ts,
 * reached by the reminder job through documents/job.ts) in none; the insights engine lazily (its
 * refresh route imports it). The rentals Lambda loads no domain above its tier (4) at a cold start:
 * its write paths, which build the analytics, payments and invoices transaction pieces, are lazy.
 */
const root = resolve(import.meta.dirname, '../..');
const out = mkdtempSync(join(tmpdir(), 'sayyara-bundles-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const GENERATOR_DOMAINS = /^functions\/(rentals|tickets|documents|maintenance|invoices|collections|customers)\//;

describe.each(['security', 'auth'])('the %s Lambda at cold start', (domain) => {
  it('loads only the alerts raising path, none of the domains the alerts generator reads, in budget', async () => {
    const b = await bundle(root, join(root, 'functions', domain, 'handler.ts'), join(out, domain));
    const alerts = b.staticInputs.filter((i) => i.startsWith('functions/alerts/'));
    expect(alerts.filter((i) => !['functions/alerts/model.ts', 'functions/alerts/raise.ts'].includes(i))).toEqual([]);
    expect(b.staticInputs.filter((i) => GENERATOR_DOMAINS.test(i) || i.includes('node_modules/mrz/'))).toEqual([]);
    // Nor in a lazy chunk: the generator is not reachable from these Lambdas at all.
    expect(
      b.allInputs.filter((i) => i.startsWith('functions/alert-rules/') || i.includes('node_modules/mrz/')),
    ).toEqual([]);
    expect(b.staticInputs).not.toContain('shared/i18n/security.ts');
    expect(b.appKb).toBeLessThanOrEqual(BUNDLE_BUDGET_KB);
  }, 60_000);
});

const DOMAINS = readdirSync(join(root, 'functions')).filter((d) =>
  existsSync(join(root, 'functions', d, 'handler.ts')),
);

describe('every domain Lambda at cold start', () => {
  it('the list holds the domains with a handler', () => {
    expect(DOMAINS).toEqual(
      expect.arrayContaining(['rentals', 'insights', 'documents', 'customers', 'finance', 'security', 'auth']),
    );
  });
  it.each(DOMAINS)(
    '%s: in budget, no MRZ parser (customers apart), no reminder wording',
    async (domain) => {
      const b = await bundle(root, join(root, 'functions', domain, 'handler.ts'), join(out, 'all', domain));
      if (domain !== 'customers')
        expect(
          b.staticInputs.filter(
            (i) => i.includes('node_modules/mrz/') || i === 'functions/customers/id-scan/extract.ts',
          ),
        ).toEqual([]);
      expect(b.staticInputs).not.toContain('shared/i18n/documents.ts');
      if (domain === 'insights')
        expect(
          b.staticInputs.filter(
            (i) => /^functions\/insights\/(engine|load|text)\.ts$/.test(i) || i === 'shared/i18n/insights.ts',
          ),
        ).toEqual([]);
      const above = domainsLoaded(b.staticInputs).filter((d) => ABOVE_RENTALS_TIER.includes(d));
      if (domain === 'rentals') expect(above).toEqual([]);
      expect(b.appKb).toBeLessThanOrEqual(BUNDLE_BUDGET_KB);
    },
    60_000,
  );
});
