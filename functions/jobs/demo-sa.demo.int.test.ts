import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../test/integration/client';
import { login } from '../../test/integration/fixtures';
import { DEMO_SA_CREDENTIALS } from '../../shared/schemas/auth';
import { KSA_INITIAL_PIH } from '../../shared/einvoicing/ksa/initial-pih';
import { verifyKsaXml } from '../../shared/einvoicing/ksa/verify';
import { keys, tenantPk } from '../lib/data/keys';
import { getItem, queryAll, type Item } from '../lib/data/repo';
import { edocKeys } from '../einvoicing/model';
import { resetSaudiDemo } from './demo-reset';

/**
 * The Saudi sister demo company (issue 29). The harness resets only the main demo before the demo files
 * (DEMO_RESET_MAIN_ONLY): this file, the only one reading the Saudi company, resets it itself — twice, which is
 * also the idempotency check. One clock for both resets (the seeds' dates are relative to it).
 */
const run = promisify(execFile);
const validateKsa = resolve(import.meta.dirname, '../../infra/local/zatca/validate-ksa');
const DAY = 86_400_000;
const now = new Date();
let first: Record<string, unknown>;
let tenantId: string;
const dir = mkdtempSync(join(tmpdir(), 'demo-sa-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  first = await resetSaudiDemo(now);
  const pointer = await getItem(keys.global.username(DEMO_SA_CREDENTIALS.username));
  tenantId = pointer!.tenantId as string;
}, 900_000);

const documents = async () =>
  (await queryAll<Item>({ tenantId, pk: edocKeys.documentsPk(tenantId), consistent: true, max: 10_000 })).sort(
    (a, b) => (a.icv as number) - (b.icv as number),
  );

describe('the Saudi sister demo company', () => {
  it('signs in as demo-sa / demo1234: a Saudi company (SAR, VAT 15%, Riyadh) with its tax identity', async () => {
    const demo = await login(DEMO_SA_CREDENTIALS.username, DEMO_SA_CREDENTIALS.password);
    const me = await get('/api/auth/me', demo.token);
    expect(me.body.user).toMatchObject({ username: 'demo-sa', role: 'OWNER', isDemo: true });
    expect(me.body.user.tenantName).toBe('Desert Rose Car Rental KSA');
    const s = (await get('/api/v1/company/settings', demo.token)).body;
    expect(s).toMatchObject({
      currency: 'SAR',
      enableVat: true,
      vatRate: 0.15,
      timezone: 'Asia/Riyadh',
      preferences: { region: 'SA' },
      commercialRegistration: '1010654321',
      taxAddress: { buildingNumber: '7235', street: 'King Fahd Road', city: 'Riyadh', postalCode: '12333' },
    });
    expect(s.vatNumber).toMatch(/^3\d{13}3$/);
    const vehicles = (await get('/api/v1/vehicles', demo.token)).body.items as { licensePlate: string }[];
    expect(vehicles.length).toBeGreaterThan(5);
    for (const v of vehicles) expect(v.licensePlate).toMatch(/^[A-Z]{3} \d{4}$/);
    const status = (await get('/api/v1/einvoicing/status', demo.token)).body;
    expect(status).toMatchObject({ region: 'SA', required: true, stage: 'production', environment: 'sandbox' });
  });

  it('has a month of invoices, each with its e-document reported or cleared, chained ICV 1..n and PIH', async () => {
    const docs = await documents();
    const monthAgo = new Date(now.getTime() - 30 * DAY).toISOString();
    const invoicesOfMonth = docs.filter((d) => d.kind === 'invoice' && (d.issuedAt as string) >= monthAgo);
    expect(invoicesOfMonth.length).toBeGreaterThanOrEqual(20);
    expect(docs.filter((d) => d.profile === 'standard').length).toBeGreaterThanOrEqual(3);
    // The seed's credit note (and any an early return issued in a later seed).
    expect(docs.filter((d) => d.kind === 'credit_note').length).toBeGreaterThanOrEqual(1);
    const by = (k: string) => docs.filter((d) => d.kind === k || d.profile === k || d.status === k).length;
    console.log(
      `Saudi demo: ${docs.length} e-documents, ${invoicesOfMonth.length} invoices in the last 30 days, ` +
        `${by('standard')} standard (${by('cleared')} cleared), ${by('simplified')} simplified ` +
        `(${by('reported')} reported), ${by('credit_note')} credit notes; reset counts ${JSON.stringify(first)}`,
    );
    for (const d of docs) expect(['reported', 'cleared']).toContain(d.status);
    for (const d of docs) expect(d.status).toBe(d.profile === 'standard' ? 'cleared' : 'reported');
    // Every issued invoice of the company has its e-document (all were issued after the onboarding).
    const invoices = await queryAll<Item>({ tenantId, pk: tenantPk(tenantId, 'INVOICE'), consistent: true });
    const issued = invoices.filter((i) => i.status !== 'draft');
    const withDoc = new Set(docs.map((d) => d.invoiceId));
    for (const i of issued) expect(withDoc.has(i.sk as string), i.number as string).toBe(true);
    // Nothing is left for the submission job.
    expect(await queryAll({ tenantId, pk: tenantPk(tenantId, 'EDOC_DUE'), consistent: true })).toHaveLength(0);

    expect(docs.map((d) => d.icv)).toEqual(docs.map((_, i) => i + 1));
    let pih = KSA_INITIAL_PIH;
    let issuedAt = '';
    for (const d of docs) {
      expect(d.pih, `ICV ${d.icv}`).toBe(pih);
      expect((d.issuedAt as string) >= issuedAt).toBe(true);
      const xml = (await getItem(edocKeys.xml(tenantId, d.sk as string)))!.xml as string;
      const check = verifyKsaXml(xml, { expectedPih: pih });
      expect(check.errors, `ICV ${d.icv}`).toEqual([]);
      expect(check.icv).toBe(d.icv);
      expect(check.hash).toBe(d.hash);
      pih = d.hash as string;
      issuedAt = d.issuedAt as string;
    }
    const chain = await getItem(edocKeys.chain(tenantId));
    expect(chain).toMatchObject({ icv: docs.length, hash: pih });
  });

  it("a standard document's XML passes validate-ksa (UBL XSD, EN 16931, KSA rules) with 0 errors", async () => {
    const standard = (await documents()).find((d) => d.profile === 'standard')!;
    const xml = await getItem(edocKeys.xml(tenantId, standard.sk as string));
    const file = join(dir, `${standard.number}.xml`);
    writeFileSync(file, xml!.xml as string);
    const { stdout, code } = await run(validateKsa, [file], { maxBuffer: 1 << 20 }).then(
      (r) => ({ ...r, code: 0 }),
      (e: { stdout: string; code: number }) => ({ stdout: e.stdout, code: e.code }),
    );
    console.log(stdout);
    expect(stdout).toMatch(/: 0 errors, \d+ warnings/);
    expect(code).toBe(0);
    expect(xml!.clearedXml).toBe(xml!.xml);
  }, 120_000);

  it('reset is idempotent: a second reset gives the same company', async () => {
    const countsBefore = (await documents()).length;
    const second = await resetSaudiDemo(now);
    expect(second.deleted).toBeGreaterThan(0);
    expect({ ...second, deleted: 0 }).toEqual({ ...first, deleted: 0 });
    const docs = await documents();
    expect(docs).toHaveLength(countsBefore);
    expect(docs.map((d) => d.icv)).toEqual(docs.map((_, i) => i + 1));
    expect(docs[0].pih).toBe(KSA_INITIAL_PIH);
  }, 900_000);
});
