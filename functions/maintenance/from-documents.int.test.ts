import { beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { tenantWithAllRoles } from '../../test/integration/fixtures';
import { createDocument, createVehicle } from '../../test/integration/entity-factories';
import { DOCUMENT_MESSAGES } from '../../shared/schemas/documents-constants';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let t: Awaited<ReturnType<typeof tenantWithAllRoles>>;
beforeAll(async () => {
  t = await tenantWithAllRoles();
});

describe('maintenance: schedule from documents (the documents page\'s "Schedule maintenance")', () => {
  it('schedules one maintenance record per vehicle document and reports each refused one', async () => {
    const [v1, v2] = [await createVehicle(t.owner.token), await createVehicle(t.owner.token)];
    const insp = await createDocument(t.owner.token, {
      scope: 'vehicle',
      vehicleId: v1.id,
      documentType: 'inspection',
      title: 'Annual inspection',
    });
    const reg = await createDocument(t.owner.token, {
      scope: 'vehicle',
      vehicleId: v2.id,
      documentType: 'registration',
      title: 'Mulkiya renewal',
    });
    const company = await createDocument(t.owner.token);
    const date = day(5);
    const res = await post(
      '/api/v1/maintenance/from-documents',
      { ids: [insp.id, company.id, reg.id], date },
      t.owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ action: 'schedule_maintenance', succeeded: 2, failed: 1 });
    // The documents' own bulk route no longer schedules (maintenance reads documents, not the reverse).
    expect(
      (await post('/api/v1/documents/bulk', { action: 'schedule_maintenance', ids: [insp.id] }, t.owner.token)).status,
    ).toBe(400);
    const refused = res.body.results.find((r: { id: string }) => r.id === company.id);
    expect(refused).toMatchObject({
      ok: false,
      error: DOCUMENT_MESSAGES.scheduleFailed,
      detail: DOCUMENT_MESSAGES.scheduleNeedsVehicle,
    });
    const made = res.body.results.find((r: { id: string }) => r.id === insp.id);
    const record = await get(`/api/v1/maintenance/${made.maintenanceId}`, t.owner.token);
    expect(record.body).toMatchObject({
      vehicleId: v1.id,
      type: 'inspection',
      status: 'scheduled',
      date,
      sourceDocumentId: insp.id,
    });
    const other = res.body.results.find((r: { id: string }) => r.id === reg.id);
    expect((await get(`/api/v1/maintenance/${other.maintenanceId}`, t.owner.token)).body).toMatchObject({
      vehicleId: v2.id,
      type: 'registration',
    });
  });

  it('an archived vehicle is refused per document; STAFF (no maintenance editing) gets 403 and nothing is written', async () => {
    const v = await createVehicle(t.owner.token);
    const doc = await createDocument(t.owner.token, { scope: 'vehicle', vehicleId: v.id, documentType: 'inspection' });
    const staff = await post('/api/v1/maintenance/from-documents', { ids: [doc.id] }, t.staff.token);
    expect(staff.status).toBe(403);
    expect((await get(`/api/v1/maintenance?vehicleId=${v.id}`, t.owner.token)).body.items).toHaveLength(0);
    expect((await post(`/api/v1/vehicles/${v.id}/archive`, {}, t.owner.token)).status).toBe(200);
    const res = await post('/api/v1/maintenance/from-documents', { ids: [doc.id] }, t.owner.token);
    expect(res.body).toMatchObject({ succeeded: 0, failed: 1 });
    expect(res.body.results[0]).toMatchObject({ ok: false, error: DOCUMENT_MESSAGES.scheduleFailed, status: 409 });
  });
});
