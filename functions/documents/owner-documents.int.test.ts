import { beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles, type RegisteredTenant } from '../../test/integration/fixtures';
import {
  createCustomer,
  createDocument,
  createVehicle,
  SAMPLE_PDF,
  uploadDocumentFile,
} from '../../test/integration/entity-factories';
import { DOCUMENT_MESSAGES } from '../../shared/schemas/documents-constants';

/**
 * The vehicle and customer pages show, upload and delete their documents through the one
 * documents API (issue 11): scope + vehicleId / customerId. The former per-vehicle and
 * per-customer routes are gone. And "Use template": a company template's file becomes a new draft.
 */
let t: Awaited<ReturnType<typeof tenantWithAllRoles>>;
let other: RegisteredTenant;
beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
});

const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((d) => d.id);

describe("a vehicle's page: its documents through /api/v1/documents", () => {
  it('a mechanic uploads a registration for the car; the car lists it (not another car), downloads it, deletes it', async () => {
    const car = (await createVehicle(t.owner.token)).id as string;
    const otherCar = (await createVehicle(t.owner.token)).id as string;
    const key = await uploadDocumentFile(t.mechanic.token, SAMPLE_PDF, 'application/pdf', 'vehicle');
    const created = await post(
      '/api/v1/documents',
      {
        scope: 'vehicle',
        vehicleId: car,
        title: 'Registration card',
        documentType: 'registration',
        key,
        expiryDate: '2030-05-01',
      },
      t.mechanic.token,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      scope: 'vehicle',
      vehicleId: car,
      status: 'draft',
      version: 1,
      fileType: 'application/pdf',
    });

    const list = await get(`/api/v1/documents?scope=vehicle&vehicleId=${car}&limit=50`, t.mechanic.token);
    expect(list.status).toBe(200);
    expect(ids(list)).toEqual([created.body.id]);
    expect(ids(await get(`/api/v1/documents?scope=vehicle&vehicleId=${otherCar}`, t.mechanic.token))).toEqual([]);
    // The same document is on /documents' vehicle tab.
    expect(ids(await get('/api/v1/documents?scope=vehicle&limit=100', t.owner.token))).toContain(created.body.id);

    const dl = await get(`/api/v1/documents/${created.body.id}/download`, t.mechanic.token);
    const file = await fetch(String(dl.body.downloadUrl).replace('localhost', '127.0.0.1'));
    expect(Buffer.from(await file.arrayBuffer()).equals(SAMPLE_PDF)).toBe(true);

    const del = await post(
      '/api/v1/documents/bulk',
      { action: 'delete', ids: [created.body.id], confirm: true },
      t.owner.token,
    );
    expect(del.body).toMatchObject({ succeeded: 1, failed: 0 });
    expect(ids(await get(`/api/v1/documents?scope=vehicle&vehicleId=${car}`, t.owner.token))).toEqual([]);
  });

  it("answers 404 for another company's car (list) and refuses to record a document on it; the old per-vehicle routes are gone", async () => {
    const car = (await createVehicle(t.owner.token)).id as string;
    await createDocument(t.owner.token, {
      scope: 'vehicle',
      vehicleId: car,
      documentType: 'insurance',
      title: 'Policy',
    });
    const foreign = await get(`/api/v1/documents?scope=vehicle&vehicleId=${car}`, other.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe(DOCUMENT_MESSAGES.vehicleNotFound);
    const key = await uploadDocumentFile(other.token, SAMPLE_PDF, 'application/pdf', 'vehicle');
    const record = await post(
      '/api/v1/documents',
      { scope: 'vehicle', vehicleId: car, title: 'Mine now', documentType: 'other', key },
      other.token,
    );
    expect(record.status).toBe(400);
    expect(record.body.error.fields.vehicleId).toBe(DOCUMENT_MESSAGES.vehicleNotFound);
    expect(ids(await get(`/api/v1/documents?scope=vehicle&vehicleId=${car}`, t.owner.token))).toHaveLength(1);
    expect((await get(`/api/v1/vehicles/${car}/documents`, t.owner.token)).status).toBe(404);
  });
});

describe("a customer's page: its documents through /api/v1/documents", () => {
  it('front desk uploads a licence for the customer and lists it; the customer of another company is 404; a mechanic gets 403', async () => {
    const customer = (await createCustomer(t.owner.token)).id as string;
    const key = await uploadDocumentFile(t.staff.token, SAMPLE_PDF, 'application/pdf', 'customer');
    const created = await post(
      '/api/v1/documents',
      {
        scope: 'customer',
        customerId: customer,
        title: 'Driving licence',
        documentType: 'license',
        key,
        expiryDate: '2031-01-01',
      },
      t.staff.token,
    );
    expect(created.status).toBe(201);
    expect(ids(await get(`/api/v1/documents?scope=customer&customerId=${customer}`, t.staff.token))).toEqual([
      created.body.id,
    ]);

    const foreign = await get(`/api/v1/documents?scope=customer&customerId=${customer}`, other.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe(DOCUMENT_MESSAGES.customerNotFound);
    expect((await get(`/api/v1/documents/${created.body.id}`, other.token)).status).toBe(404);

    expect((await get(`/api/v1/documents?scope=customer&customerId=${customer}`, t.mechanic.token)).status).toBe(403);
    expect(
      (
        await post(
          '/api/v1/documents/upload-url',
          { scope: 'customer', contentType: 'application/pdf', size: 10 },
          t.mechanic.token,
        )
      ).status,
    ).toBe(403);
    expect((await get(`/api/v1/documents/${created.body.id}`, t.mechanic.token)).status).toBe(403);
    expect(
      (
        await post(
          '/api/v1/documents/bulk',
          { action: 'delete', ids: [created.body.id], confirm: true },
          t.mechanic.token,
        )
      ).body,
    ).toMatchObject({ succeeded: 0, failed: 1 });
    expect(ids(await get(`/api/v1/documents?scope=customer&customerId=${customer}`, t.owner.token))).toEqual([
      created.body.id,
    ]);
    expect((await get(`/api/v1/customers/${customer}/documents`, t.owner.token)).status).toBe(404);
  });
});

describe('use template', () => {
  it("creates a draft from a company template's file (a copy), type and title prefilled, in the chosen scope", async () => {
    const template = await createDocument(t.owner.token, {
      title: 'Rental agreement template',
      documentType: 'rental_agreement',
      isTemplate: true,
      tags: ['template', 'contract'],
    });
    expect(template.isTemplate).toBe(true);
    const customer = (await createCustomer(t.owner.token)).id as string;
    const used = await post(
      `/api/v1/documents/${template.id}/use-template`,
      { scope: 'customer', customerId: customer },
      t.admin.token,
    );
    expect(used.status).toBe(201);
    expect(used.body).toMatchObject({
      scope: 'customer',
      customerId: customer,
      title: 'Rental agreement template',
      documentType: 'rental_agreement',
      status: 'draft',
      version: 1,
      isTemplate: false,
      tags: ['contract'],
      fileSize: template.fileSize,
    });
    expect(used.body.id).not.toBe(template.id);
    // Its own file: the copy downloads with the template's bytes, and the template is untouched.
    const dl = await get(`/api/v1/documents/${used.body.id}/download`, t.admin.token);
    expect(
      Buffer.from(
        await (await fetch(String(dl.body.downloadUrl).replace('localhost', '127.0.0.1'))).arrayBuffer(),
      ).equals(SAMPLE_PDF),
    ).toBe(true);
    expect(ids(await get(`/api/v1/documents?scope=customer&customerId=${customer}`, t.admin.token))).toEqual([
      used.body.id,
    ]);
    expect((await get(`/api/v1/documents/${template.id}`, t.owner.token)).body).toMatchObject({
      isTemplate: true,
      itemVersion: 1,
    });

    const titled = await post(
      `/api/v1/documents/${template.id}/use-template`,
      { scope: 'company', title: 'Agreement — fleet lease' },
      t.owner.token,
    );
    expect(titled.body).toMatchObject({
      scope: 'company',
      title: 'Agreement — fleet lease',
      documentType: 'rental_agreement',
    });
  });

  it('refuses a document that is not a template (409), a missing owner (400), another company (404), and roles outside the scopes (403)', async () => {
    const plain = await createDocument(t.owner.token, { title: 'Trade licence' });
    const notTemplate = await post(`/api/v1/documents/${plain.id}/use-template`, { scope: 'company' }, t.owner.token);
    expect(notTemplate.status).toBe(409);
    expect(notTemplate.body.error.message).toBe(DOCUMENT_MESSAGES.notTemplate);
    const template = await createDocument(t.owner.token, {
      title: 'Inspection sheet',
      documentType: 'inspection',
      isTemplate: true,
    });
    const noCar = await post(`/api/v1/documents/${template.id}/use-template`, { scope: 'vehicle' }, t.owner.token);
    expect(noCar.status).toBe(400);
    expect(noCar.body.error.fields.vehicleId).toBe(DOCUMENT_MESSAGES.vehicleIdRequired);
    const foreignCar = (await createVehicle(other.token)).id as string;
    const wrongCar = await post(
      `/api/v1/documents/${template.id}/use-template`,
      { scope: 'vehicle', vehicleId: foreignCar },
      t.owner.token,
    );
    expect(wrongCar.body.error.fields.vehicleId).toBe(DOCUMENT_MESSAGES.vehicleNotFound);
    expect(
      (await post(`/api/v1/documents/${template.id}/use-template`, { scope: 'company' }, other.token)).status,
    ).toBe(404);
    // Templates are company documents: STAFF and MECHANIC cannot read them (documentsCompany).
    const car = (await createVehicle(t.owner.token)).id as string;
    expect(
      (await post(`/api/v1/documents/${template.id}/use-template`, { scope: 'vehicle', vehicleId: car }, t.staff.token))
        .status,
    ).toBe(403);
    expect(
      (
        await post(
          `/api/v1/documents/${template.id}/use-template`,
          { scope: 'vehicle', vehicleId: car },
          t.mechanic.token,
        )
      ).status,
    ).toBe(403);
    // Nothing was written by the refusals.
    expect(ids(await get(`/api/v1/documents?scope=vehicle&vehicleId=${car}`, t.owner.token))).toEqual([]);
  });
});
