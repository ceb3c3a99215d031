import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, put } from '../../test/integration/client';
import { createStaffUser, registerTenant, type RegisteredTenant } from '../../test/integration/fixtures';
import { EINVOICING_MESSAGES as M, KSA_CHECK_TYPES } from '../../shared/schemas/einvoicing';
import { getItem } from '../lib/data/repo';
import { einvoicingKeys, type EInvoicingSecrets } from './model';
import { open, SECRETS_PROTECTION, type SecretEnvelope } from './secrets';

/**
 * ZATCA onboarding over HTTP against the Fatoora emulator of the harness stack: a Saudi company registered through
 * the API onboards with an OTP (CSR → compliance CSID → six compliance checks → production CSID); the status
 * answers production; a second onboarding renews (new key and CSID, same device); the emulator's refused OTP
 * "000000" → 400 with ZATCA's message and nothing stored; a US company and a Saudi one without a VAT number get
 * 409; the front desk (STAFF, the read-only role) reads the status and may not onboard; another company sees only
 * its own state. The secrets item is checked in the table: sealed, and its key is the production certificate's.
 */
const STATUS = '/api/v1/einvoicing/status';
const ONBOARD = '/api/v1/einvoicing/onboard';
/** The emulator refuses this OTP as ZATCA's portal refuses a wrong one. */
const REFUSED_OTP = '000000';
/** The same development key as infra/local/env.ts gives the Lambdas. */
const LOCAL_KEY = Buffer.from('sayyara-local-einvoicing-key-32b');

async function saudiCompany(vatNumber?: string): Promise<RegisteredTenant> {
  const t = await registerTenant({ region: 'SA' });
  if (vatNumber) {
    const s = (await get('/api/v1/company/settings', t.token)).body;
    const res = await put('/api/v1/company/settings', { version: s.version, vatNumber }, t.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return t;
}

async function sealedSecrets(tenantId: string) {
  const key = einvoicingKeys.secrets(tenantId);
  const item = await getItem(key);
  if (!item) return undefined;
  return {
    item,
    secrets: open<EInvoicingSecrets>(item.envelope as SecretEnvelope, LOCAL_KEY, `${key.pk}|${key.sk}`),
  };
}

describe('e-invoicing onboarding (ZATCA) over HTTP', () => {
  let sa: RegisteredTenant;
  let other: RegisteredTenant;

  beforeAll(async () => {
    [sa, other] = await Promise.all([saudiCompany('310175397400003'), saudiCompany('300000000000003')]);
  }, 60_000);

  it('a Saudi company not yet onboarded: required, not started', async () => {
    const res = await get(STATUS, sa.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ region: 'SA', required: true, stage: 'not_started', environment: 'sandbox' });
    expect(res.body.checks).toEqual({});
  });

  it('a malformed OTP → 400 on the field; the refused OTP → 400 with ZATCA message, nothing stored', async () => {
    const short = await post(ONBOARD, { otp: '12345' }, sa.token);
    expect(short.status).toBe(400);
    expect(short.body.error.fields.otp).toBe(M.otpInvalid);
    const refused = await post(ONBOARD, { otp: REFUSED_OTP }, sa.token);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.message).toBe('ZATCA refused the OTP: Invalid-OTP: Invalid OTP');
    expect((await get(STATUS, sa.token)).body.stage).toBe('not_started');
    expect(await getItem(einvoicingKeys.onboarding(sa.tenantId))).toBeUndefined();
    expect(await sealedSecrets(sa.tenantId)).toBeUndefined();
  });

  it('onboards with the OTP: six compliance checks passed, production CSID, secrets sealed', async () => {
    const res = await post(ONBOARD, { otp: '123456' }, sa.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.stage).toBe('production');
    expect(res.body.checks).toEqual(Object.fromEntries(KSA_CHECK_TYPES.map((t) => [t, true])));
    expect(res.body.lastError).toBeUndefined();
    // the emulator issues production certificates for five years
    const years = (Date.parse(res.body.csidExpiresAt) - Date.now()) / (365 * 86_400_000);
    expect(years).toBeGreaterThan(4.9);
    expect(years).toBeLessThan(5.1);

    const status = await get(STATUS, sa.token);
    expect(status.body).toEqual(res.body);
    // no route answers a secret
    expect(JSON.stringify(status.body)).not.toMatch(/secret|PRIVATE KEY|binarySecurityToken/i);

    const sealed = await sealedSecrets(sa.tenantId);
    expect(sealed).toBeDefined();
    const { item, secrets } = sealed!;
    expect(item.protection).toBe(SECRETS_PROTECTION);
    expect(Date.parse(String(item.encryptedAt))).toBeGreaterThan(Date.now() - 120_000);
    expect(JSON.stringify(item)).not.toMatch(/PRIVATE KEY|"secret"/);
    // the sealed key is the one the production certificate was issued for, for this company's VAT number
    const state = await getItem(einvoicingKeys.onboarding(sa.tenantId));
    const cert = new X509Certificate(String(state?.certificatePem));
    const spki = (k: ReturnType<typeof createPublicKey>) => k.export({ type: 'spki', format: 'der' }).toString('hex');
    expect(spki(createPublicKey(createPrivateKey(secrets.privateKeyPem)))).toBe(spki(cert.publicKey));
    expect(cert.subject).toContain(`CN=Sayyara-310175397400003`);
    expect(secrets.production.secret).not.toBe('');
    expect(secrets.production.binarySecurityToken).not.toBe(secrets.compliance.binarySecurityToken);
  }, 120_000);

  it('a second onboarding renews: new key and CSID, same device; a refused OTP then changes nothing', async () => {
    const before = await sealedSecrets(sa.tenantId);
    const stateBefore = await getItem(einvoicingKeys.onboarding(sa.tenantId));
    const res = await post(ONBOARD, { otp: '654321' }, sa.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.stage).toBe('production');
    const after = await sealedSecrets(sa.tenantId);
    const stateAfter = await getItem(einvoicingKeys.onboarding(sa.tenantId));
    expect(after!.secrets.privateKeyPem).not.toBe(before!.secrets.privateKeyPem);
    expect(after!.secrets.production.binarySecurityToken).not.toBe(before!.secrets.production.binarySecurityToken);
    expect(stateAfter?.deviceId).toBe(stateBefore?.deviceId);
    expect(Date.parse(String(stateAfter?.onboardedAt))).toBeGreaterThan(Date.parse(String(stateBefore?.onboardedAt)));

    const refused = await post(ONBOARD, { otp: REFUSED_OTP }, sa.token);
    expect(refused.status).toBe(400);
    expect((await get(STATUS, sa.token)).body).toEqual(res.body);
    expect((await sealedSecrets(sa.tenantId))!.secrets).toEqual(after!.secrets);
  }, 120_000);

  it('another company sees only its own state', async () => {
    const res = await get(STATUS, other.token);
    expect(res.body).toMatchObject({ region: 'SA', required: true, stage: 'not_started' });
    expect(res.body.csidExpiresAt).toBeUndefined();
  });

  it('two onboardings at once: one wins (the other 409 or a renewal after it); key and certificate agree', async () => {
    const t = await saudiCompany('300000000100003');
    const results = await Promise.all([
      post(ONBOARD, { otp: '111111' }, t.token),
      post(ONBOARD, { otp: '222222' }, t.token),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const lost = results.find((r) => r.status === 409);
    if (lost) expect(lost.body.error.message).toBe(M.concurrentOnboarding);
    const { secrets } = (await sealedSecrets(t.tenantId))!;
    const state = await getItem(einvoicingKeys.onboarding(t.tenantId));
    expect(state?.stage).toBe('production');
    const cert = new X509Certificate(String(state?.certificatePem));
    expect(createPublicKey(createPrivateKey(secrets.privateKeyPem)).export({ type: 'spki', format: 'der' })).toEqual(
      cert.publicKey.export({ type: 'spki', format: 'der' }),
    );
  }, 120_000);

  it('the front desk (read-only role) reads the status but may not onboard; a mechanic may not read', async () => {
    const [staff, mechanic] = await Promise.all([
      createStaffUser(sa.token, 'STAFF'),
      createStaffUser(sa.token, 'MECHANIC'),
    ]);
    const read = await get(STATUS, staff.token);
    expect(read.status).toBe(200);
    expect(read.body.stage).toBe('production');
    expect((await post(ONBOARD, { otp: '123456' }, staff.token)).status).toBe(403);
    expect((await get(STATUS, mechanic.token)).status).toBe(403);
  });

  it('a company outside Saudi Arabia: not required, and onboarding → 409', async () => {
    const us = await registerTenant({ region: 'US' });
    expect((await get(STATUS, us.token)).body).toMatchObject({ region: 'US', required: false, stage: 'not_started' });
    const res = await post(ONBOARD, { otp: '123456' }, us.token);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(M.notSaudi);
  });

  it('a Saudi company without a Saudi VAT number → 409 naming the VAT number, nothing stored', async () => {
    const noVat = await saudiCompany();
    const res = await post(ONBOARD, { otp: '123456' }, noVat.token);
    expect(res.status).toBe(409);
    expect(res.body.error.fields.vatNumber).toBe(M.vatNumberRequired);
    expect(await getItem(einvoicingKeys.onboarding(noVat.tenantId))).toBeUndefined();
  });
});
