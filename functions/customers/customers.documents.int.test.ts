import { beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import type { RegisteredTenant } from '../../test/integration/fixtures';
import { fixture, createCustomer, customersWorld } from '../../test/integration/customer-kit';
import { CUSTOMER_MESSAGES } from '../../shared/schemas/customers';

/** Customer documents: presigned upload, the record and its download link, refused types, sizes and keys. */
let owner: RegisteredTenant;
let other: RegisteredTenant;

beforeAll(async () => {
  ({ owner, other } = await customersWorld({ other: true }));
});

const create = (body: Record<string, unknown>, token = owner.token) => createCustomer(body, token);

describe('documents', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create({ fullNameEnglish: 'Doc Holder' })).body.id;
  });

  it('uploads through a presigned URL, records the document and lists it with a download link', async () => {
    const file = fixture('sample-passport.pdf');
    const url = await post(`/api/v1/customers/${id}/documents/upload-url`, { fileName: 'passport scan.pdf', contentType: 'application/pdf', size: file.length }, owner.token);
    expect(url.status).toBe(200);
    expect(url.body.key.startsWith(`tenants/${owner.tenantId}/customers/${id}/`)).toBe(true);
    const early = await post(`/api/v1/customers/${id}/documents`, { key: url.body.key, fileName: 'passport scan.pdf', fileType: 'application/pdf', fileSize: file.length, documentType: 'id_document' }, owner.token);
    expect(early.status).toBe(400);
    const put = await fetch(url.body.uploadUrl.replace('localhost', '127.0.0.1'), { method: 'PUT', headers: url.body.headers, body: file });
    expect(put.status).toBe(200);
    const rec = await post(`/api/v1/customers/${id}/documents`, { key: url.body.key, fileName: 'passport scan.pdf', fileType: 'application/pdf', fileSize: file.length, documentType: 'id_document', title: 'Passport' }, owner.token);
    expect(rec.status).toBe(201);
    expect(rec.body).toMatchObject({ title: 'Passport', documentType: 'id_document', fileSize: file.length });
    const list = await get(`/api/v1/customers/${id}/documents`, owner.token);
    expect(list.body.items).toHaveLength(1);
    const download = await fetch(list.body.items[0].downloadUrl.replace('localhost', '127.0.0.1'));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(file)).toBe(true);
    const customer = await get(`/api/v1/customers/${id}`, owner.token);
    expect(customer.body.idDocumentUrl).toBe(url.body.key);
  });

  it('refuses other types, files over 10 MB and keys outside the customer', async () => {
    const type = await post(`/api/v1/customers/${id}/documents/upload-url`, { fileName: 'x.exe', contentType: 'application/x-msdownload', size: 10 }, owner.token);
    expect(type.status).toBe(400);
    expect(type.body.error.fields.contentType).toBe(CUSTOMER_MESSAGES.fileTypeNotAllowed);
    const big = await post(`/api/v1/customers/${id}/documents/upload-url`, { fileName: 'x.pdf', contentType: 'application/pdf', size: 10 * 1024 * 1024 + 1 }, owner.token);
    expect(big.body.error.fields.size).toBe(CUSTOMER_MESSAGES.fileTooLarge);
    const foreign = await post(`/api/v1/customers/${id}/documents`, { key: `tenants/${other.tenantId}/customers/${id}/a.pdf`, fileName: 'a.pdf', fileType: 'application/pdf', fileSize: 5 }, owner.token);
    expect(foreign.status).toBe(400);
  });
});
