import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { get } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { createCustomer, createVehicle, SAMPLE_PDF } from '../../test/integration/entity-factories';
import { sortKey, tenantPk } from '../lib/data/keys';
import { getItem, putItem, queryAll } from '../lib/data/repo';
import { putObject, tenantPrefix } from '../lib/storage';
import { handler as documentsMove } from '../jobs/documents-move';
import { ownerPk } from './model';

/**
 * The one-off 'documents-move' migration (issue 11): documents kept by vehicles and customers on
 * their own (VEHICLE_DOC / CUSTOMER_DOC items, as the former routes wrote them) become DOC items
 * of the documents module with the same S3 object; a second run writes nothing; a company not
 * named in `onlyTenants` is untouched.
 */
async function legacyCompany() {
  const t = await registerTenant();
  const vehicleId = (await createVehicle(t.token)).id as string;
  const customerId = (await createCustomer(t.token)).id as string;
  const ids = [ulid(), ulid()];
  const id = (n: number) => ids[n - 1];
  const vKey = `${tenantPrefix(t.tenantId, 'vehicles', vehicleId)}${id(1)}-Mulkiya.pdf`;
  const cKey = `${tenantPrefix(t.tenantId, 'customers', customerId)}${id(2)}-passport.pdf`;
  await putObject(vKey, SAMPLE_PDF, 'application/pdf');
  await putObject(cKey, SAMPLE_PDF, 'application/pdf');
  const vehicleDoc = {
    pk: tenantPk(t.tenantId, 'VEHICLE_DOC', vehicleId),
    sk: sortKey(id(1)),
    entityType: 'VEHICLE_DOCUMENT',
    id: id(1),
    tenantId: t.tenantId,
    vehicleId,
    scope: 'vehicle',
    title: 'Registration card',
    documentType: 'registration',
    fileName: 'Mulkiya.pdf',
    fileType: 'application/pdf',
    fileSize: SAMPLE_PDF.length,
    fileKey: vKey,
    expiryDate: '2031-03-01',
    reminderThreshold: 30,
    status: 'draft',
    uploadedBy: 'someone',
    version: 1,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
  };
  const customerDoc = {
    pk: tenantPk(t.tenantId, 'CUSTOMER_DOC', customerId),
    sk: sortKey(id(2)),
    entityType: 'CUSTOMER_DOC',
    id: id(2),
    scope: 'customer',
    customerId,
    title: 'Passport',
    documentType: 'id_document',
    fileKey: cKey,
    fileName: 'passport.pdf',
    fileType: 'application/pdf',
    fileSize: SAMPLE_PDF.length,
    uploadedBy: 'front.desk',
    version: 1,
    createdAt: '2026-01-03T10:00:00.000Z',
    updatedAt: '2026-01-03T10:00:00.000Z',
  };
  await putItem(vehicleDoc);
  await putItem(customerDoc);
  return { t, vehicleId, customerId, vehicleDoc, customerDoc };
}

describe('documents-move migration', () => {
  it("moves a vehicle's and a customer's older documents into the module (same file), once; another company is untouched", async () => {
    const [a, b] = await Promise.all([legacyCompany(), legacyCompany()]);

    const first = await documentsMove({ onlyTenants: [a.t.tenantId] });
    expect(first).toEqual({ companies: 1, found: 2, moved: 2, skipped: 0 });

    const cars = await get(`/api/v1/documents?scope=vehicle&vehicleId=${a.vehicleId}`, a.t.token);
    expect(cars.body.items).toHaveLength(1);
    expect(cars.body.items[0]).toMatchObject({
      id: a.vehicleDoc.id,
      scope: 'vehicle',
      vehicleId: a.vehicleId,
      title: 'Registration card',
      documentType: 'registration',
      fileName: 'Mulkiya.pdf',
      expiryDate: '2031-03-01',
      status: 'draft',
      version: 1,
      uploadedBy: 'someone',
      createdAt: a.vehicleDoc.createdAt,
      validity: 'valid',
    });
    const people = await get(`/api/v1/documents?scope=customer&customerId=${a.customerId}`, a.t.token);
    // A passport / ID card is not a type of the spec's list: 'other', tagged so a search finds it.
    expect(people.body.items).toEqual([
      expect.objectContaining({
        id: a.customerDoc.id,
        documentType: 'other',
        tags: ['id_document'],
        title: 'Passport',
        uploadedBy: 'front.desk',
      }),
    ]);
    expect(
      (await get('/api/v1/documents?scope=customer&q=id_document', a.t.token)).body.items.map(
        (d: { id: string }) => d.id,
      ),
    ).toEqual([a.customerDoc.id]);

    // Same S3 object, not a copy: the download link reads the key the vehicle page had stored.
    const dl = await get(`/api/v1/documents/${a.vehicleDoc.id}/download`, a.t.token);
    expect(String(dl.body.downloadUrl)).toContain(encodeURI(a.vehicleDoc.fileKey).split('/').pop());
    expect(
      Buffer.from(
        await (await fetch(String(dl.body.downloadUrl).replace('localhost', '127.0.0.1'))).arrayBuffer(),
      ).equals(SAMPLE_PDF),
    ).toBe(true);

    // The older items are marked with where they went.
    expect(await getItem({ pk: a.vehicleDoc.pk, sk: a.vehicleDoc.sk })).toMatchObject({
      movedToDocumentId: a.vehicleDoc.id,
    });

    // Second run: nothing to write.
    const second = await documentsMove({ onlyTenants: [a.t.tenantId] });
    expect(second).toEqual({ companies: 1, found: 2, moved: 0, skipped: 2 });
    expect(await queryAll({ tenantId: a.t.tenantId, pk: ownerPk(a.t.tenantId, a.vehicleId) })).toHaveLength(1);
    expect((await get(`/api/v1/documents?scope=vehicle&vehicleId=${a.vehicleId}`, a.t.token)).body.items).toHaveLength(
      1,
    );

    // The company not named was left alone.
    expect((await get(`/api/v1/documents?scope=vehicle&vehicleId=${b.vehicleId}`, b.t.token)).body.items).toEqual([]);
    expect((await getItem({ pk: b.vehicleDoc.pk, sk: b.vehicleDoc.sk }))?.movedToDocumentId).toBeUndefined();
  });

  it('two runs at once move each document once', async () => {
    const c = await legacyCompany();
    const runs = await Promise.all([
      documentsMove({ onlyTenants: [c.t.tenantId] }),
      documentsMove({ onlyTenants: [c.t.tenantId] }),
    ]);
    expect(runs[0].moved + runs[1].moved).toBe(2);
    expect(
      (await get(`/api/v1/documents?scope=customer&customerId=${c.customerId}`, c.t.token)).body.items,
    ).toHaveLength(1);
  });
});
