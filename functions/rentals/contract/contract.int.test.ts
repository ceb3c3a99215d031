import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../../test/integration/fixtures';
import { bytesAt, imagesOf } from '../../../test/integration/pdf-kit';
import { TINY_PNG, createCustomer, createRental, createVehicle } from '../../../test/integration/entity-factories';
import { CONTRACT_MESSAGES } from '../../../shared/schemas/rental-contract-constants';

/**
 * The rental contract signed on screen (issue 12: contract_storage draft → signed → completed):
 * signing stores a PDF with both signatures and the signing time that is never overwritten (a
 * second signature → 409, the stored bytes unchanged), closing the rental completes it; bad
 * signatures → 400 with nothing written; MECHANIC → 403; another company → 404.
 */
type Roles = Awaited<ReturnType<typeof tenantWithAllRoles>>;
let t: Roles;
let other: Awaited<ReturnType<typeof registerTenant>>;

/** A w×h PNG, white with a dark diagonal stroke (what a signature pad sends), built by hand. */
function signaturePng(w: number, h: number): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 255] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Buffer.alloc((w * 3 + 1) * h, 255);
  for (let y = 0; y < h; y++) {
    rows[y * (w * 3 + 1)] = 0;
    const x = Math.round((y / h) * w);
    for (let dx = 0; dx < 3 && x + dx < w; dx++)
      rows.fill(20, y * (w * 3 + 1) + 1 + (x + dx) * 3, y * (w * 3 + 1) + 1 + (x + dx + 1) * 3);
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}
const CUSTOMER_SIG = signaturePng(180, 50);
const STAFF_SIG = signaturePng(150, 40);

async function booked(token: string) {
  const vehicleId = (await createVehicle(token, { odometerKm: 5000 })).id as string;
  const customerId = (await createCustomer(token, { fullNameEnglish: 'Contract Customer', dateOfBirth: '1985-03-03' }))
    .id as string;
  // Starting now: it is picked up in these tests (a pickup years ahead of its start puts years on rent in one
  // transaction).
  const start = Date.now() - 3_600_000;
  return (await createRental(
    token,
    { customerId, vehicleId },
    { startDate: new Date(start).toISOString(), endDate: new Date(start + 2 * 86_400_000).toISOString() },
  )) as { id: string; contractNumber: string; version: number };
}

beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
});

describe('signing the contract at pickup', () => {
  it('draft → signed (PDF with both signatures, stored once) → 409 on a second signature → completed at close', async () => {
    const r = await booked(t.owner.token);
    const draft = await get(`/api/v1/rentals/${r.id}/contract`, t.staff.token);
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body).toMatchObject({
      status: 'draft',
      contractNumber: r.contractNumber,
      signedAt: null,
      pdfSha256: null,
    });
    expect(await imagesOf(await bytesAt(draft.body.url))).toEqual([]);

    // At pickup: odometer and fuel first, then both sign (STAFF may).
    const picked = await post(
      `/api/v1/rentals/${r.id}/pickup`,
      { odometerStart: 5000, fuelLevelStart: 'full' },
      t.staff.token,
    );
    expect(picked.status).toBe(200);
    const signed = await post(
      `/api/v1/rentals/${r.id}/contract/sign`,
      {
        customerSignature: CUSTOMER_SIG,
        staffSignature: STAFF_SIG,
        customerName: 'Contract Customer',
        version: picked.body.version,
      },
      t.staff.token,
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body).toMatchObject({
      status: 'signed',
      customerSignedName: 'Contract Customer',
      staffSignedName: 'Test Staff',
      signedBy: t.staff.username,
      completedAt: null,
    });
    expect(Date.now() - Date.parse(signed.body.signedAt)).toBeLessThan(60_000);

    const pdf = await bytesAt(signed.body.url);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(signed.body.pdfSha256);
    // Both drawn signatures are in the PDF, at their own sizes.
    expect(await imagesOf(pdf)).toEqual(['150x40', '180x50']);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    const dir = join(import.meta.dirname, '../../../test/.out/screens');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'contract-signed.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      join(dir, 'contract-signed.pdf'),
      join(dir, 'contract-signed-page'),
    ]);

    // The rental shows it and its timeline says so.
    const rental = (await get(`/api/v1/rentals/${r.id}`, t.owner.token)).body;
    expect(rental.contractStatus).toBe('signed');
    expect(rental.timeline.map((e: { action: string }) => e.action)).toContain('contract_signed');

    // Locked: a second signature is refused and the stored PDF is the same bytes.
    const again = await post(
      `/api/v1/rentals/${r.id}/contract/sign`,
      { customerSignature: STAFF_SIG, staffSignature: CUSTOMER_SIG },
      t.owner.token,
    );
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(CONTRACT_MESSAGES.alreadySigned);
    const read = await get(`/api/v1/rentals/${r.id}/contract`, t.owner.token);
    expect(read.body).toMatchObject({
      status: 'signed',
      pdfSha256: signed.body.pdfSha256,
      signedAt: signed.body.signedAt,
    });
    expect(
      createHash('sha256')
        .update(await bytesAt(read.body.url))
        .digest('hex'),
    ).toBe(signed.body.pdfSha256);
    // A later change of the rental does not touch the signed PDF.
    expect((await post(`/api/v1/rentals/${r.id}/payments`, { amount: 1, method: 'cash' }, t.owner.token)).status).toBe(
      201,
    );
    const afterPayment = (await get(`/api/v1/rentals/${r.id}/contract`, t.owner.token)).body;
    expect(
      createHash('sha256')
        .update(await bytesAt(afterPayment.url))
        .digest('hex'),
    ).toBe(signed.body.pdfSha256);

    // Return and close: the contract is completed.
    const back = await post(`/api/v1/rentals/${r.id}/return`, { odometerEnd: 5100, condition: 'good' }, t.owner.token);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const balance = back.body.balance as number;
    if (balance > 0)
      expect(
        (await post(`/api/v1/rentals/${r.id}/payments`, { amount: balance, method: 'cash' }, t.owner.token)).status,
      ).toBe(201);
    const closed = await post(`/api/v1/rentals/${r.id}/close`, { depositRefundMethod: 'cash' }, t.owner.token);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.contractStatus).toBe('completed');
    const done = (await get(`/api/v1/rentals/${r.id}/contract`, t.owner.token)).body;
    expect(done).toMatchObject({ status: 'completed', pdfSha256: signed.body.pdfSha256 });
    expect(Date.parse(done.completedAt)).toBeGreaterThanOrEqual(Date.parse(done.signedAt));
  });

  it('a rental closed without a signature keeps a draft contract that can no longer be signed; a cancelled one cannot be signed', async () => {
    const r = await booked(t.owner.token);
    expect((await post(`/api/v1/rentals/${r.id}/cancel`, {}, t.owner.token)).status).toBe(200);
    const res = await post(
      `/api/v1/rentals/${r.id}/contract/sign`,
      { customerSignature: CUSTOMER_SIG, staffSignature: STAFF_SIG },
      t.owner.token,
    );
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(CONTRACT_MESSAGES.notSignable);
    expect((await get(`/api/v1/rentals/${r.id}/contract`, t.owner.token)).body.status).toBe('draft');
  });

  it('a stale version (the rental changed since the signers saw it) → 409, nothing written', async () => {
    const r = await booked(t.owner.token);
    const res = await post(
      `/api/v1/rentals/${r.id}/contract/sign`,
      { customerSignature: CUSTOMER_SIG, staffSignature: STAFF_SIG, version: r.version + 5 },
      t.owner.token,
    );
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('VERSION_CONFLICT');
    expect((await get(`/api/v1/rentals/${r.id}`, t.owner.token)).body.contractStatus).toBeUndefined();
  });
});

describe('bad signatures → 400 with a clear message, nothing written', () => {
  const notPng = `data:image/png;base64,${Buffer.from('GIF89a this is not a png at all, just some bytes').toString('base64')}`;
  // A real PNG header with its end chunk cut off.
  const truncated = `data:image/png;base64,${Buffer.from(TINY_PNG, 'base64').subarray(0, 40).toString('base64')}`;
  it.each([
    [
      'missing customer signature',
      { staffSignature: STAFF_SIG },
      { customerSignature: CONTRACT_MESSAGES.customerSignatureRequired },
    ],
    [
      'missing staff signature',
      { customerSignature: CUSTOMER_SIG },
      { staffSignature: CONTRACT_MESSAGES.staffSignatureRequired },
    ],
    [
      'a JPEG data URL',
      { customerSignature: 'data:image/jpeg;base64,/9j/4AAQ', staffSignature: STAFF_SIG },
      { customerSignature: CONTRACT_MESSAGES.customerSignatureRequired },
    ],
    [
      'bytes that are not a PNG',
      { customerSignature: CUSTOMER_SIG, staffSignature: notPng },
      { staffSignature: CONTRACT_MESSAGES.signatureInvalid },
    ],
    [
      'a truncated PNG',
      { customerSignature: truncated, staffSignature: STAFF_SIG },
      { customerSignature: CONTRACT_MESSAGES.signatureInvalid },
    ],
    [
      'an image over the size limit',
      { customerSignature: `data:image/png;base64,${'A'.repeat(200_001)}`, staffSignature: STAFF_SIG },
      { customerSignature: CONTRACT_MESSAGES.signatureTooLarge },
    ],
  ])('%s', async (_name, body, fields) => {
    const r = await booked(t.owner.token);
    const res = await post(`/api/v1/rentals/${r.id}/contract/sign`, body, t.owner.token);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
    expect(res.body.error.fields).toMatchObject(fields);
    const after = (await get(`/api/v1/rentals/${r.id}`, t.owner.token)).body;
    expect(after.contractStatus).toBeUndefined();
    expect(after.version).toBe(r.version);
    expect((await get(`/api/v1/rentals/${r.id}/contract`, t.owner.token)).body.status).toBe('draft');
  });
});

describe('roles and tenancy', () => {
  it('MECHANIC can neither sign nor read it (403); another company gets 404 and writes nothing; ADMIN may sign', async () => {
    const r = await booked(t.owner.token);
    expect(
      (
        await post(
          `/api/v1/rentals/${r.id}/contract/sign`,
          { customerSignature: CUSTOMER_SIG, staffSignature: STAFF_SIG },
          t.mechanic.token,
        )
      ).status,
    ).toBe(403);
    expect((await get(`/api/v1/rentals/${r.id}/contract`, t.mechanic.token)).status).toBe(403);
    const foreign = await post(
      `/api/v1/rentals/${r.id}/contract/sign`,
      { customerSignature: CUSTOMER_SIG, staffSignature: STAFF_SIG },
      other.token,
    );
    expect(foreign.status).toBe(404);
    expect((await get(`/api/v1/rentals/${r.id}/contract`, other.token)).status).toBe(404);
    expect((await get(`/api/v1/rentals/${r.id}`, t.owner.token)).body.contractStatus).toBeUndefined();
    // ADMIN may sign.
    expect(
      (
        await post(
          `/api/v1/rentals/${r.id}/contract/sign`,
          { customerSignature: CUSTOMER_SIG, staffSignature: STAFF_SIG },
          t.admin.token,
        )
      ).status,
    ).toBe(200);
  });
});
