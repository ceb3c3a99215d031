import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../../test/integration/fixtures';
import { TINY_PNG, createCustomer, createRental, createVehicle } from '../../../test/integration/entity-factories';
import { CONTRACT_MESSAGES, REMOTE_SIGN_MESSAGES } from '../../../shared/schemas/rental-contract-constants';
import { entityKey } from '../../lib/data/keys';
import { getItem, putItem } from '../../lib/data/repo';

/**
 * Remote signing (issue 27): "Send for signature" emails a one-time link (random token, 24 h, only
 * that contract); the customer reads and signs it without signing in; the signed PDF is the desk's
 * (stored once, its SHA-256 recorded); it signs once (409), an expired link reads a clear 404, an
 * unknown or another company's token → 404; send is for the roles that sign at the desk (403 else).
 */
type Roles = Awaited<ReturnType<typeof tenantWithAllRoles>>;
let t: Roles;
const SIG = `data:image/png;base64,${TINY_PNG}`;

beforeAll(async () => {
  t = await tenantWithAllRoles();
});

async function booked(token: string, email: string | null) {
  const vehicleId = (await createVehicle(token)).id as string;
  const customerId = (await createCustomer(token, { fullNameEnglish: 'Remote Signer', ...(email ? { email } : {}) }))
    .id as string;
  const start = Date.now() + 86_400_000;
  return (await createRental(
    token,
    { customerId, vehicleId },
    { startDate: new Date(start).toISOString(), endDate: new Date(start + 2 * 86_400_000).toISOString() },
  )) as { id: string; contractNumber: string; version: number };
}

interface Mail {
  destination: unknown;
  subject: string;
  body: { text?: string };
}
async function mailsTo(addr: string): Promise<Mail[]> {
  const res = await fetch(`${process.env.SES_ENDPOINT}/store`);
  return ((await res.json()) as { emails: Mail[] }).emails.filter((e) => JSON.stringify(e.destination).includes(addr));
}
async function tokenFromMail(addr: string): Promise<string> {
  const mails = await mailsTo(addr);
  const text = mails.at(-1)?.body?.text ?? '';
  const m = /\/contracts\/sign\?token=([^\s]+)/.exec(text);
  expect(m, text).not.toBeNull();
  return decodeURIComponent(m![1]);
}

describe('remote signing', () => {
  it('emails a one-time link that shows that contract and signs it once, with the same immutable PDF and hash', async () => {
    const email = `remote-${Date.now()}@example.com`;
    const r = await booked(t.owner.token, email);
    const sent = await post(`/api/v1/rentals/${r.id}/contract/send`, { channel: 'email' }, t.staff.token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const hours = (Date.parse(sent.body.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const mail = (await mailsTo(email)).at(-1)!;
    expect(mail.subject).toContain(r.contractNumber);
    expect(mail.body.text).toMatch(/^https?:\/\/[^\s]+\/contracts\/sign\?token=/m);
    const token = await tokenFromMail(email);
    // 256 random bits after the company and rental; only the hash is stored.
    const secret = token.split('.')[2];
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const link = (await getItem(entityKey(t.owner.tenantId, 'CONTRACT_LINK', r.id)))!;
    expect(JSON.stringify(link)).not.toContain(secret);
    expect(link.tokenHash).toBe(createHash('sha256').update(secret).digest('hex'));

    // No sign-in: the contract, and nothing else.
    const read = await get(`/api/v1/contracts/sign/${encodeURIComponent(token)}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toMatchObject({
      contractNumber: r.contractNumber,
      status: 'draft',
      customerName: 'Remote Signer',
      signedAt: null,
    });
    expect(Object.keys(read.body).sort()).toEqual(
      [
        'company',
        'contractNumber',
        'customerName',
        'expectedReturnDate',
        'expiresAt',
        'signedAt',
        'startDate',
        'status',
        'url',
        'vehicleLabel',
        'version',
      ].sort(),
    );
    expect(read.body.url).toContain(`/contracts/${r.id}/`); // the PDF of this rental's contract

    // Bad signature → 400, nothing written.
    const bad = await post(`/api/v1/contracts/sign/${encodeURIComponent(token)}`, {
      customerSignature: 'data:image/png;base64,AAAA',
    });
    expect(bad.status).toBe(400);
    expect((await get(`/api/v1/rentals/${r.id}`, t.owner.token)).body.contractStatus ?? 'draft').toBe('draft');

    const signed = await post(`/api/v1/contracts/sign/${encodeURIComponent(token)}`, {
      customerSignature: SIG,
      version: read.body.version,
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.status).toBe('signed');
    const contract = (await get(`/api/v1/rentals/${r.id}/contract`, t.owner.token)).body;
    expect(contract).toMatchObject({
      status: 'signed',
      customerSignedName: 'Remote Signer',
      signedBy: 'customer (signing link)',
    });
    expect(contract.staffSignedName).toContain('(remote)');
    const pdf = new Uint8Array(await (await fetch(contract.url)).arrayBuffer());
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(contract.pdfSha256);
    // The signed rental's timeline says so; the link now shows the signed contract, read-only.
    expect(
      (await get(`/api/v1/rentals/${r.id}`, t.owner.token)).body.timeline.map((e: { action: string }) => e.action),
    ).toContain('contract_signed');
    expect((await get(`/api/v1/contracts/sign/${encodeURIComponent(token)}`)).body).toMatchObject({ status: 'signed' });

    // Once: a second signature through the link (or at the desk) → 409, the PDF unchanged.
    const again = await post(`/api/v1/contracts/sign/${encodeURIComponent(token)}`, { customerSignature: SIG });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(CONTRACT_MESSAGES.alreadySigned);
    expect((await get(`/api/v1/rentals/${r.id}/contract`, t.owner.token)).body.pdfSha256).toBe(contract.pdfSha256);
    // And a signed contract is not sent again.
    expect((await post(`/api/v1/rentals/${r.id}/contract/send`, { channel: 'email' }, t.owner.token)).status).toBe(409);
  });

  it("an expired link reads a clear 404; a new send replaces the old link; unknown and another company's tokens → 404", async () => {
    const email = `expire-${Date.now()}@example.com`;
    const r = await booked(t.owner.token, email);
    expect((await post(`/api/v1/rentals/${r.id}/contract/send`, { channel: 'email' }, t.owner.token)).status).toBe(200);
    const first = await tokenFromMail(email);
    const key = entityKey(t.owner.tenantId, 'CONTRACT_LINK', r.id);
    const item = (await getItem(key))!;
    await putItem({ ...item, expiresAt: new Date(Date.now() - 1000).toISOString() });
    for (const res of [
      await get(`/api/v1/contracts/sign/${encodeURIComponent(first)}`),
      await post(`/api/v1/contracts/sign/${encodeURIComponent(first)}`, { customerSignature: SIG }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(REMOTE_SIGN_MESSAGES.linkExpired);
    }

    // Sent again: the new link works, the old one is no longer valid.
    expect((await post(`/api/v1/rentals/${r.id}/contract/send`, { channel: 'email' }, t.admin.token)).status).toBe(200);
    const second = await tokenFromMail(email);
    expect(second).not.toBe(first);
    expect((await get(`/api/v1/contracts/sign/${encodeURIComponent(second)}`)).status).toBe(200);
    expect((await get(`/api/v1/contracts/sign/${encodeURIComponent(first)}`)).body.error.message).toBe(
      REMOTE_SIGN_MESSAGES.linkInvalid,
    );

    // Another company's tenant id, another rental id, a flipped secret, garbage → 404, one message.
    const [tenant, rentalId, secret] = second.split('.');
    const other = await registerTenant();
    const otherRental = await booked(t.owner.token, `other-${Date.now()}@example.com`);
    const flipped = `${secret.slice(0, -1)}${secret.at(-1) === 'A' ? 'B' : 'A'}`;
    const bad = [
      `${other.tenantId}.${rentalId}.${secret}`,
      `${tenant}.${otherRental.id}.${secret}`,
      `${tenant}.${rentalId}.${flipped}`,
      'garbage',
      `${second}.x`,
    ];
    const answers = await Promise.all(bad.map((tok) => get(`/api/v1/contracts/sign/${encodeURIComponent(tok)}`)));
    expect(answers.map((a) => a.status)).toEqual(bad.map(() => 404));
    expect(new Set(answers.map((a) => a.body.error.message))).toEqual(new Set([REMOTE_SIGN_MESSAGES.linkInvalid]));
    expect(
      (await post(`/api/v1/contracts/sign/${encodeURIComponent(bad[0])}`, { customerSignature: SIG })).status,
    ).toBe(404);
    // Still unsigned.
    expect((await get(`/api/v1/rentals/${r.id}`, t.owner.token)).body.contractStatus ?? 'draft').toBe('draft');
  });

  it("send: MECHANIC → 403, another company's rental → 404, a customer without email → 400, a bad channel → 400", async () => {
    const r = await booked(t.owner.token, `roles-${Date.now()}@example.com`);
    expect((await post(`/api/v1/rentals/${r.id}/contract/send`, { channel: 'email' }, t.mechanic.token)).status).toBe(
      403,
    );
    const other = await registerTenant();
    expect((await post(`/api/v1/rentals/${r.id}/contract/send`, { channel: 'email' }, other.token)).status).toBe(404);
    expect((await post(`/api/v1/rentals/${r.id}/contract/send`, { channel: 'sms' }, t.owner.token)).status).toBe(400);
    const noMail = await booked(t.owner.token, null);
    const refused = await post(`/api/v1/rentals/${noMail.id}/contract/send`, { channel: 'email' }, t.owner.token);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(REMOTE_SIGN_MESSAGES.noEmail);
    expect(await getItem(entityKey(t.owner.tenantId, 'CONTRACT_LINK', noMail.id))).toBeUndefined();
  });
});
