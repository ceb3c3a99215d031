import { beforeAll, describe, expect, it } from 'vitest';
import { call, post } from '../../test/integration/client';
import type { RegisteredTenant } from '../../test/integration/fixtures';
import { fixture, customersWorld } from '../../test/integration/customer-kit';
import { ID_SCAN_MESSAGES } from '../../shared/schemas/customers';
import { plainPng } from '../../test/fixtures/make-samples';

/** ID scan: passport and licence PDFs, OCR of a photo, refusals, S3 uploads and who may scan. */
let owner: RegisteredTenant;
let other: RegisteredTenant;
let staffToken: string;
let mechanicToken: string;

beforeAll(async () => {
  ({ owner, other, staffToken, mechanicToken } = await customersWorld({ other: true, staff: true }));
});

describe('ID scan', () => {
  const scan = (body: Buffer, type: string, token = owner.token) =>
    call('/api/v1/customers/id-scan', {
      method: 'POST',
      raw: new Uint8Array(body),
      token,
      headers: { 'content-type': type },
    });

  it('reads the generated sample passport PDF', async () => {
    const res = await scan(fixture('sample-passport.pdf'), 'application/pdf');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      source: 'mrz',
      confidence: 1,
      documentType: 'passport',
      fields: {
        fullNameEnglish: 'Anna Maria Eriksson',
        firstName: 'Anna Maria',
        lastName: 'Eriksson',
        nationalIdOrPassport: 'L898902C3',
        dateOfBirth: '1974-08-12',
        gender: 'female',
        countryOfOrigin: 'Utopia',
      },
    });
    expect(res.body.rawMrz).toHaveLength(2);
  });

  it('reads a photo of the sample passport by OCR (tesseract.js, English model from npm) and its MRZ', async () => {
    const res = await scan(fixture('sample-passport-photo.png'), 'image/png');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      source: 'mrz',
      confidence: 1,
      documentType: 'passport',
      fields: { fullNameEnglish: 'Anna Maria Eriksson', nationalIdOrPassport: 'L898902C3' },
    });
  });

  it('reads the labelled fields of the sample licence PDF', async () => {
    const res = await scan(fixture('sample-licence.pdf'), 'application/pdf');
    expect(res.status).toBe(200);
    expect(res.body.fields).toMatchObject({ licenseNumber: 'JO-5512-889', licenseExpiryDate: '2029-06-30' });
  });

  it('answers 422 "Failed to scan ID document" for an image without text', async () => {
    const res = await scan(fixture('sample-photo.png'), 'image/png');
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(ID_SCAN_MESSAGES.failed);
    expect(res.body.error.fields.file).toBe(ID_SCAN_MESSAGES.noText);
  });

  it('refuses other file types, a mismatched type, an empty body and files over 10 MB', async () => {
    expect((await scan(Buffer.from('hello'), 'text/plain')).status).toBe(415);
    expect((await scan(plainPng(), 'application/pdf')).status).toBe(415);
    expect((await scan(Buffer.alloc(0), 'application/pdf')).status).toBe(422);
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0x20);
    big.write('%PDF-1.7');
    expect((await scan(big, 'application/pdf')).status).toBe(413);
  });

  it('scans a file uploaded to S3 first (large files) and deletes it after reading', async () => {
    const file = fixture('sample-passport.pdf');
    const url = await post(
      '/api/v1/customers/id-scan/upload-url',
      { fileName: 'passport.pdf', contentType: 'application/pdf', size: file.length },
      owner.token,
    );
    expect(url.status).toBe(200);
    expect(url.body.key.startsWith(`tenants/${owner.tenantId}/id-scans/`)).toBe(true);
    const put = await fetch(url.body.uploadUrl.replace('localhost', '127.0.0.1'), {
      method: 'PUT',
      headers: url.body.headers,
      body: file,
    });
    expect(put.status).toBe(200);
    const res = await call('/api/v1/customers/id-scan', {
      method: 'POST',
      body: { key: url.body.key },
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.fields.fullNameEnglish).toBe('Anna Maria Eriksson');
    // The scan is not kept: a second read finds nothing.
    const again = await call('/api/v1/customers/id-scan', {
      method: 'POST',
      body: { key: url.body.key },
      token: owner.token,
    });
    expect(again.status).toBe(400);
    // Another company's key is refused without being read.
    const foreign = await call('/api/v1/customers/id-scan', {
      method: 'POST',
      body: { key: url.body.key },
      token: other.token,
    });
    expect(foreign.status).toBe(400);
    const bad = await call('/api/v1/customers/id-scan', { method: 'POST', body: {}, token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.key).toBeTruthy();
  });

  it('is for customer editors only', async () => {
    expect((await scan(fixture('sample-passport.pdf'), 'application/pdf', mechanicToken)).status).toBe(403);
    expect((await scan(fixture('sample-passport.pdf'), 'application/pdf', staffToken)).status).toBe(200);
  });
});
