import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { get, patch, post, put, unique } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import {
  createCustomer,
  createDocument,
  createVehicle,
  rentalBody,
  uploadDocumentFile,
} from '../../test/integration/entity-factories';
import { DOCUMENT_MESSAGES } from '../../shared/schemas/documents-constants';
import { formatDate } from '../../shared/regions/format';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../test/fixtures', name));
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let t: Awaited<ReturnType<typeof tenantWithAllRoles>>;
beforeAll(async () => {
  t = await tenantWithAllRoles();
});

describe('documents: upload, validation, versions', () => {
  it('records an uploaded PDF (real type and size from storage) and answers it in the company tab', async () => {
    const doc = await createDocument(t.owner.token, {
      title: 'Trade licence 2026',
      expiryDate: day(200),
      tags: ['dubai'],
    });
    expect(doc).toMatchObject({
      scope: 'company',
      status: 'draft',
      version: 1,
      fileType: 'application/pdf',
      validity: 'valid',
      parentDocumentId: null,
      tags: ['dubai'],
    });
    const list = await get('/api/v1/documents?scope=company&q=dubai', t.owner.token);
    expect(list.status).toBe(200);
    expect(list.body.items.map((d: { id: string }) => d.id)).toContain(doc.id);
    const dl = await get(`/api/v1/documents/${doc.id}/download`, t.owner.token);
    const file = await fetch(dl.body.downloadUrl.replace('localhost', '127.0.0.1'));
    expect((await file.text()).startsWith('%PDF-')).toBe(true);
  });

  it('refuses the spec’s scope rules with the messages verbatim and writes nothing', async () => {
    const key = await uploadDocumentFile(t.owner.token);
    const v = await post(
      '/api/v1/documents',
      { scope: 'vehicle', title: 'X', documentType: 'registration', key },
      t.owner.token,
    );
    expect(v.status).toBe(400);
    expect(v.body.error.fields.vehicleId).toBe('vehicleId is required when scope is vehicle');
    const c = await post(
      '/api/v1/documents',
      { scope: 'customer', title: 'X', documentType: 'license', key },
      t.owner.token,
    );
    expect(c.body.error.fields.customerId).toBe('customerId is required when scope is customer');
    const types = await post(
      '/api/v1/documents/upload-url',
      { scope: 'company', contentType: 'application/x-msdownload', size: 10 },
      t.owner.token,
    );
    expect(types.status).toBe(400);
    const big = await post(
      '/api/v1/documents/upload-url',
      { scope: 'company', contentType: 'application/pdf', size: 10 * 1024 * 1024 + 1 },
      t.owner.token,
    );
    expect(big.status).toBe(400);
    const before = await get('/api/v1/documents?scope=company&limit=100', t.owner.token);
    expect(before.body.items.some((d: { title: string }) => d.title === 'X')).toBe(false);
  });

  it('refuses a renamed .exe uploaded as a PDF (magic bytes, not the declared type)', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200)]);
    const key = await uploadDocumentFile(t.owner.token, exe);
    const res = await post(
      '/api/v1/documents',
      { scope: 'company', title: 'Invoice.pdf', documentType: 'other', key },
      t.owner.token,
    );
    expect(res.status).toBe(415);
    expect(res.body.error.message).toBe(DOCUMENT_MESSAGES.fileContentMismatch);
  });

  it('replacing creates version n+1 chained to the old one; the list shows the latest; old versions stay downloadable', async () => {
    const v1 = await createDocument(t.owner.token, { title: `Insurance ${unique()}` });
    const key = await uploadDocumentFile(t.owner.token);
    const v2 = await post(`/api/v1/documents/${v1.id}/versions`, { key, expiryDate: day(100) }, t.owner.token);
    expect(v2.status).toBe(201);
    expect(v2.body).toMatchObject({
      version: 2,
      parentDocumentId: v1.id,
      rootDocumentId: v1.id,
      isLatest: true,
      status: 'draft',
    });
    const again = await post(`/api/v1/documents/${v1.id}/versions`, { key }, t.owner.token);
    expect(again.status).toBe(409);
    const one = await get(`/api/v1/documents/${v2.body.id}`, t.owner.token);
    expect(one.body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const list = await get('/api/v1/documents?scope=company&limit=100', t.owner.token);
    const ids = list.body.items.map((d: { id: string }) => d.id);
    expect(ids).toContain(v2.body.id);
    expect(ids).not.toContain(v1.id);
    expect((await get(`/api/v1/documents/${v1.id}/download`, t.owner.token)).status).toBe(200);
  });
});

describe('documents: review workflow', () => {
  it('draft → under_review → rejected (reason) → under_review → approved; others 409', async () => {
    const doc = await createDocument(t.owner.token);
    expect((await post(`/api/v1/documents/${doc.id}/approve`, {}, t.owner.token)).status).toBe(409);
    expect((await post(`/api/v1/documents/${doc.id}/submit`, {}, t.owner.token)).body.status).toBe('under_review');
    expect((await post(`/api/v1/documents/${doc.id}/submit`, {}, t.owner.token)).status).toBe(409);
    const noReason = await post(`/api/v1/documents/${doc.id}/reject`, {}, t.owner.token);
    expect(noReason.status).toBe(400);
    const rej = await post(`/api/v1/documents/${doc.id}/reject`, { rejectionReason: 'Blurry scan' }, t.owner.token);
    expect(rej.body).toMatchObject({ status: 'rejected', rejectionReason: 'Blurry scan' });
    await post(`/api/v1/documents/${doc.id}/submit`, {}, t.owner.token);
    const review = await get('/api/v1/documents?scope=company&awaitingMyReview=true&limit=100', t.owner.token);
    expect(review.body.items.map((d: { id: string }) => d.id)).toContain(doc.id);
    const ok = await post(`/api/v1/documents/${doc.id}/approve`, {}, t.owner.token);
    expect(ok.body).toMatchObject({ status: 'approved', approver: t.owner.user.username });
    expect((await post(`/api/v1/documents/${doc.id}/reject`, { rejectionReason: 'x' }, t.owner.token)).status).toBe(
      409,
    );
  });

  it('validity: expiring soon within the threshold, expired before today; an approved document past expiry reads expired', async () => {
    const soon = await createDocument(t.owner.token, { expiryDate: day(10) });
    expect(soon).toMatchObject({ validity: 'expiring_soon' });
    const gone = await createDocument(t.owner.token, { expiryDate: day(-5) });
    await post(`/api/v1/documents/${gone.id}/submit`, {}, t.owner.token);
    const approved = await post(`/api/v1/documents/${gone.id}/approve`, {}, t.owner.token);
    expect(approved.body).toMatchObject({ validity: 'expired', status: 'expired' });
    const none = await createDocument(t.owner.token);
    expect(none.validity).toBe('no_expiry');
    const filtered = await get('/api/v1/documents?scope=company&validity=expiring_soon&limit=100', t.owner.token);
    const ids = filtered.body.items.map((d: { id: string }) => d.id);
    expect(ids).toContain(soon.id);
    expect(ids).not.toContain(gone.id);
    const patched = await patch(
      `/api/v1/documents/${soon.id}`,
      { expiryDate: day(300), version: soon.itemVersion },
      t.owner.token,
    );
    expect(patched.body.validity).toBe('valid');
  });
});

describe('documents: analysis', () => {
  const analyzeFile = async (file: Buffer, contentType = 'application/pdf') => {
    const key = await uploadDocumentFile(t.owner.token, file, contentType);
    const doc = (
      await post('/api/v1/documents', { scope: 'company', title: 'Scan', documentType: 'other', key }, t.owner.token)
    ).body;
    return (await post(`/api/v1/documents/${doc.id}/analyze`, {}, t.owner.token)).body;
  };
  const value = (d: { analysisProposals: { field: string; value: string }[] }, field: string) =>
    d.analysisProposals.find((p) => p.field === field)?.value;

  it('proposes the passport’s expiry date and number from its MRZ (text layer)', async () => {
    const d = await analyzeFile(fixture('sample-passport.pdf'));
    expect(d.analysisStatus).toBe('analyzed');
    expect(value(d, 'expiryDate')).toBe('2012-04-15');
    expect(value(d, 'documentNumber')).toBe('L898902C3');
  });

  it('reads a photo of the passport by OCR and proposes its expiry and number from the MRZ', async () => {
    const d = await analyzeFile(fixture('sample-passport-photo.png'), 'image/png');
    expect(d).toMatchObject({ analysisStatus: 'analyzed', analysisMethod: 'ocr-tesseract-eng+rules' });
    expect(value(d, 'expiryDate')).toBe('2012-04-15');
    expect(value(d, 'documentNumber')).toBe('L898902C3');
  });

  it('proposes the ID card’s expiry and the licence’s labelled expiry and number', async () => {
    const id = await analyzeFile(fixture('sample-id-card.pdf'));
    expect(value(id, 'expiryDate')).toBe('2012-04-15');
    const lic = await analyzeFile(fixture('sample-licence.pdf'));
    expect(lic.analysisStatus).toBe('analyzed');
    expect(value(lic, 'expiryDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(value(lic, 'licenseNumber')).toBeTruthy();
  });

  it('a plain photo fails with the spec’s message and the honest reason', async () => {
    const { plainPng } = await import('../../test/fixtures/make-samples');
    const d = await analyzeFile(plainPng(), 'image/png');
    expect(d.analysisStatus).toBe('failed');
    expect(d.analysisError).toContain('Failed to analyze document');
  });
});

describe('documents: bulk', () => {
  it('downloads two documents as one ZIP and deletes only with confirmation', async () => {
    const [a, b] = [await createDocument(t.owner.token), await createDocument(t.owner.token)];
    const zip = await post('/api/v1/documents/bulk', { action: 'download', ids: [a.id, b.id] }, t.owner.token);
    expect(zip.body.count).toBe(2);
    const bytes = Buffer.from(
      await (await fetch(zip.body.downloadUrl.replace('localhost', '127.0.0.1'))).arrayBuffer(),
    );
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    expect(bytes.subarray(-22).readUInt16LE(10)).toBe(2);
    expect((await post('/api/v1/documents/bulk', { action: 'delete', ids: [a.id] }, t.owner.token)).status).toBe(400);
    const del = await post('/api/v1/documents/bulk', { action: 'delete', ids: [a.id], confirm: true }, t.owner.token);
    expect(del.body.succeeded).toBe(1);
    expect((await get(`/api/v1/documents/${a.id}`, t.owner.token)).status).toBe(404);
    const analyzed = await post('/api/v1/documents/bulk', { action: 'analyze', ids: [b.id, a.id] }, t.owner.token);
    expect(analyzed.body).toMatchObject({ succeeded: 1, failed: 1 });
    expect((await get(`/api/v1/documents/${b.id}`, t.owner.token)).body.analysisStatus).toMatch(/^(analyzed|failed)$/);
  });
});

describe('documents: tenancy and roles', () => {
  it('another company’s document is a 404', async () => {
    const doc = await createDocument(t.owner.token);
    const other = await registerTenant();
    expect((await get(`/api/v1/documents/${doc.id}`, other.token)).status).toBe(404);
    expect((await post(`/api/v1/documents/${doc.id}/approve`, {}, other.token)).status).toBe(404);
  });

  it('MECHANIC sees vehicle documents only; STAFF not company documents (403)', async () => {
    const vehicle = await createVehicle(t.owner.token);
    const customer = await createCustomer(t.owner.token);
    const vdoc = await createDocument(t.owner.token, {
      scope: 'vehicle',
      vehicleId: vehicle.id,
      documentType: 'registration',
      key: await uploadDocumentFile(t.owner.token, undefined, undefined, 'vehicle'),
    });
    const cdoc = await createDocument(t.owner.token, {
      scope: 'customer',
      customerId: customer.id,
      documentType: 'license',
      key: await uploadDocumentFile(t.owner.token, undefined, undefined, 'customer'),
    });
    const company = await createDocument(t.owner.token);
    expect((await get('/api/v1/documents?scope=vehicle', t.mechanic.token)).status).toBe(200);
    expect((await get(`/api/v1/documents/${vdoc.id}`, t.mechanic.token)).status).toBe(200);
    expect((await get('/api/v1/documents?scope=customer', t.mechanic.token)).status).toBe(403);
    expect((await get(`/api/v1/documents/${cdoc.id}`, t.mechanic.token)).status).toBe(403);
    expect((await get(`/api/v1/documents/${company.id}`, t.staff.token)).status).toBe(403);
    expect((await get(`/api/v1/documents/${cdoc.id}`, t.staff.token)).status).toBe(200);
    expect(
      (
        await post(
          '/api/v1/documents/upload-url',
          { scope: 'company', contentType: 'application/pdf', size: 5 },
          t.staff.token,
        )
      ).status,
    ).toBe(403);
  });
});

describe('expiry reminder job', () => {
  const sesStore = async () => {
    const res = await fetch(`${process.env.SES_ENDPOINT}/store`);
    return (
      (await res.json()) as { emails: { destination: { to: string[] }; subject: string; body: { text: string } }[] }
    ).emails;
  };
  const mailsTo = async (addr: string) =>
    (await sesStore()).filter((e) => JSON.stringify(e.destination).includes(addr));

  it('emails one reminder per document and stage across two runs and two concurrent runs', async () => {
    const { runDocumentReminders } = await import('./job');
    const soonTo = `${unique('soon')}@example.test`;
    const goneTo = `${unique('gone')}@example.test`;
    const soon = await createDocument(t.owner.token, {
      title: 'Fleet insurance',
      expiryDate: day(10),
      assignee: soonTo,
    });
    await createDocument(t.owner.token, { title: 'Trade licence', expiryDate: day(-3), assignee: goneTo });
    const first = await runDocumentReminders();
    expect(first.sent).toBeGreaterThanOrEqual(2);
    await runDocumentReminders();
    await Promise.all([runDocumentReminders(), runDocumentReminders()]);
    const soonMails = await mailsTo(soonTo);
    expect(soonMails).toHaveLength(1);
    expect(soonMails[0].subject).toContain('Document expiring soon: Fleet insurance');
    // The expiry date in the company's format (issue 27: no ISO dates in what people read; this company signed up in
    // the US).
    expect(soonMails[0].body.text).toContain(formatDate(day(10), 'US', 'en'));
    expect(soonMails[0].body.text).not.toContain(day(10));
    const gone = await mailsTo(goneTo);
    expect(gone).toHaveLength(1);
    expect(gone[0].subject).toContain('Document expired');
    // A new concurrent pair on a fresh document still sends exactly one.
    const pairTo = `${unique('pair')}@example.test`;
    await createDocument(t.owner.token, { title: 'Permit', expiryDate: day(5), assignee: pairTo });
    await Promise.all([runDocumentReminders(), runDocumentReminders()]);
    expect(await mailsTo(pairTo)).toHaveLength(1);
    // Changing the expiry (renewed) starts a new cycle for the new date only when it is due again.
    const renewed = await patch(
      `/api/v1/documents/${soon.id}`,
      { expiryDate: day(200), version: soon.itemVersion },
      t.owner.token,
    );
    expect(renewed.status).toBe(200);
    await runDocumentReminders();
    expect(await mailsTo(soonTo)).toHaveLength(1);
  });
});

describe('expiry reminder job after a crash half-way', () => {
  it('sends a reminder that was claimed but never sent, once', async () => {
    const { runDocumentReminders } = await import('./job');
    const { putItem, updateRaw } = await import('../lib/data/repo');
    const { documentKey, reminderKey, PENDING_REMINDERS_GSI_PK } = await import('./model');
    const { sortKey } = await import('../lib/data/keys');
    const { dueShardPk } = await import('../lib/data/due-index');
    const to = `${unique('crash')}@example.test`;
    const doc = await createDocument(t.owner.token, { title: 'Crash test', expiryDate: day(6), assignee: to });
    const tenantId = t.owner.user.tenantId;
    // The state a run leaves when it dies between its transaction and the email: marker claimed, index moved on.
    const claimedAt = new Date(Date.now() - 10 * 60_000).toISOString();
    const markerKey = reminderKey(tenantId, doc.id, day(6), 'due_soon');
    await putItem({
      ...markerKey,
      entityType: 'DOC_REMINDER',
      tenantId,
      documentId: doc.id,
      stage: 'due_soon',
      expiryDate: day(6),
      recipients: [to],
      subject: 'Document expiring soon: Crash test',
      body: 'Crash test',
      status: 'claimed',
      claimedAt,
      gsi2pk: dueShardPk(PENDING_REMINDERS_GSI_PK, markerKey),
      gsi2sk: sortKey(claimedAt, tenantId, doc.id, 'due_soon'),
    });
    await updateRaw({
      Key: documentKey(tenantId, doc.id),
      UpdateExpression: 'SET gsi2sk = :n',
      ExpressionAttributeValues: { ':n': sortKey(day(7), tenantId, doc.id) },
    });
    const first = await runDocumentReminders();
    expect(first.retried).toBeGreaterThanOrEqual(1);
    await Promise.all([runDocumentReminders(), runDocumentReminders()]);
    const emails = (
      (await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as {
        emails: { destination: unknown; subject: string }[];
      }
    ).emails;
    expect(emails.filter((e) => JSON.stringify(e.destination).includes(to)).map((e) => e.subject)).toEqual([
      'Document expiring soon: Crash test',
    ]);
  });
});

describe('expiry reminders follow the company settings', () => {
  const settingsPut = async (token: string, body: Record<string, unknown>) => {
    const before = (await get('/api/v1/company/settings', token)).body;
    const res = await put('/api/v1/company/settings', { version: before.version, ...body }, token);
    expect(res.status).toBe(200);
  };
  const mailsTo = async (addr: string) => {
    const emails = (
      (await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as {
        emails: { destination: unknown; subject: string }[];
      }
    ).emails;
    return emails.filter((e) => JSON.stringify(e.destination).includes(addr));
  };

  it('sends nothing when the company turned "document expiring" off, and writes Arabic for an Arabic company', async () => {
    const { runDocumentReminders } = await import('./job');
    const quiet = await registerTenant();
    await settingsPut(quiet.token, { notificationSettings: { events: { documentExpiring: false } } });
    const quietTo = `${unique('quiet')}@example.test`;
    await createDocument(quiet.token, { expiryDate: day(4), assignee: quietTo });
    const arabic = await registerTenant();
    await settingsPut(arabic.token, { preferences: { language: 'ar' } });
    const arTo = `${unique('ar')}@example.test`;
    await createDocument(arabic.token, { title: 'رخصة تجارية', expiryDate: day(4), assignee: arTo });
    await runDocumentReminders();
    expect(await mailsTo(quietTo)).toHaveLength(0);
    const ar = await mailsTo(arTo);
    expect(ar).toHaveLength(1);
    expect(ar[0].subject).toBe('مستند ينتهي قريبًا: رخصة تجارية');
  });
});

describe('documents and bookings', () => {
  const vehicleDoc = async (vehicleId: string, documentType: string, expiryDate: string) =>
    createDocument(t.owner.token, {
      scope: 'vehicle',
      vehicleId,
      documentType,
      expiryDate,
      key: await uploadDocumentFile(t.owner.token, undefined, undefined, 'vehicle'),
    });

  it('flags a booking whose car insurance lapses before the return, and refuses one whose registration has lapsed by the start', async () => {
    const vehicle = await createVehicle(t.owner.token);
    const customer = await createCustomer(t.owner.token);
    const insurance = await vehicleDoc(vehicle.id, 'insurance', day(3));
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const end = new Date(Date.now() + 8 * 86_400_000).toISOString();
    const booked = await post(
      '/api/v1/rentals',
      rentalBody({ customerId: customer.id, vehicleId: vehicle.id }, { startDate: start, endDate: end }),
      t.owner.token,
    );
    expect(booked.status).toBe(201);
    const rental = (await get(`/api/v1/rentals/${booked.body.id ?? booked.body.rental?.id}`, t.owner.token)).body;
    expect(rental.documentFlags).toEqual([
      expect.objectContaining({ documentId: insurance.id, documentType: 'insurance', expiryDate: day(3) }),
    ]);

    const other = await createVehicle(t.owner.token);
    await vehicleDoc(other.id, 'registration', day(-2));
    const refused = await post(
      '/api/v1/rentals',
      rentalBody({ customerId: customer.id, vehicleId: other.id }, { startDate: start, endDate: end }),
      t.owner.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('DOCUMENT_EXPIRED');
    expect(refused.body.error.message).toContain('has expired by the start of this rental');
  });
});

describe('documents that read what they are given (issue 27)', () => {
  const value = (d: { analysisProposals: { field: string; value: string; confidence: number }[] }, field: string) =>
    d.analysisProposals.find((p) => p.field === field);
  const upload = async (file: Buffer, contentType: string, title = 'Scan') => {
    const key = await uploadDocumentFile(t.owner.token, file, contentType);
    return (await post('/api/v1/documents', { scope: 'company', title, documentType: 'other', key }, t.owner.token))
      .body;
  };
  /** A PNG with a tEXt chunk after its header, as cameras and editors write ("Software", "Comment"). */
  const withPngText = async (png: Buffer, keyword: string, text: string) => {
    const { crc32 } = await import('node:zlib');
    const data = Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]);
    const chunk = Buffer.alloc(12 + data.length);
    chunk.writeUInt32BE(data.length, 0);
    chunk.write('tEXt', 4, 'latin1');
    data.copy(chunk, 8);
    chunk.writeUInt32BE(crc32(Buffer.concat([Buffer.from('tEXt', 'latin1'), data])) >>> 0, 8 + data.length);
    const ihdrEnd = 8 + 12 + png.readUInt32BE(8);
    return Buffer.concat([png.subarray(0, ihdrEnd), chunk, png.subarray(ihdrEnd)]);
  };
  const pdfOf = async (lines: string[]) => {
    const { PDFDocument, StandardFonts } = await import('pdf-lib');
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([595, 842]);
    lines.forEach((l, i) => page.drawText(l, { x: 50, y: 780 - i * 22, size: 12, font }));
    return Buffer.from(await pdf.save());
  };

  it('OCRs a photo whose PNG metadata carries text (the metadata is a hint, not a reason to skip OCR)', async () => {
    const png = await withPngText(fixture('sample-passport-photo.png'), 'Software', 'Scanner Pro 7.1 (c) Example Apps');
    const doc = await upload(png, 'image/png');
    const d = (await post(`/api/v1/documents/${doc.id}/analyze`, {}, t.owner.token)).body;
    expect(d).toMatchObject({ analysisStatus: 'analyzed', analysisMethod: 'ocr-tesseract-eng+image-text+rules' });
    expect(value(d, 'expiryDate')?.value).toBe('2012-04-15');
    expect(value(d, 'documentNumber')?.value).toBe('L898902C3');
  });

  it('never shows an MRZ name (no check digit) at 100 %, and filler never becomes letters', async () => {
    const d = (
      await post(
        `/api/v1/documents/${(await upload(fixture('sample-passport-photo.png'), 'image/png')).id}/analyze`,
        {},
        t.owner.token,
      )
    ).body;
    const name = value(d, 'name')!;
    expect(name.value).toBe('Anna Maria Eriksson');
    expect(name.confidence).toBeLessThan(1);
    expect(value(d, 'documentNumber')!.confidence).toBe(1);
    const { repairMrzText } = await import('../lib/ocr');
    const misread = 'P<GBRKHAN<<SARA<C<C<CCCCCCCCCCCACS<<<<<<<<<<<<<<<<<<<'.slice(0, 44);
    expect(repairMrzText(misread)).toBe('P<GBRKHAN<<SARA'.padEnd(44, '<'));
  });

  it('types a registration card from its title although its text mentions insurance first, and proposes its VIN', async () => {
    const file = await pdfOf([
      'Insurance company: Orient Insurance',
      'Traffic plate no: D 12345',
      'Chassis Number: JTDKB20U093512345',
      'Expiry date: 2027-03-01',
    ]);
    const doc = await upload(file, 'application/pdf', 'Mulkiya registration 2026');
    const d = (await post(`/api/v1/documents/${doc.id}/analyze`, {}, t.owner.token)).body;
    expect(d.analysisStatus).toBe('analyzed');
    expect(value(d, 'documentType')?.value).toBe('registration');
    expect(value(d, 'vin')?.value).toBe('JTDKB20U093512345');
    // Without a label, a VIN-shaped token is still proposed.
    const bare = await upload(
      await pdfOf(['VEHICLE REGISTRATION', '1M8GDM9AXKP042788', 'Expiry date: 2027-03-01']),
      'application/pdf',
      'Card',
    );
    const b = (await post(`/api/v1/documents/${bare.id}/analyze`, {}, t.owner.token)).body;
    expect(value(b, 'vin')).toMatchObject({ value: '1M8GDM9AXKP042788', confidence: 0.8 });
    expect(value(b, 'documentType')?.value).toBe('registration');
  });

  it('Analyze after "Replace file" reads the new version, even when asked with the old id', async () => {
    const v1 = await upload(fixture('sample-licence.pdf'), 'application/pdf');
    const key = await uploadDocumentFile(t.owner.token, fixture('sample-passport.pdf'));
    const v2 = (await post(`/api/v1/documents/${v1.id}/versions`, { key, fileName: 'passport.pdf' }, t.owner.token))
      .body;
    expect(v2.version).toBe(2);
    const d = (await post(`/api/v1/documents/${v1.id}/analyze`, {}, t.owner.token)).body;
    expect(d.id).toBe(v2.id);
    expect(value(d, 'documentNumber')?.value).toBe('L898902C3');
    const old = (await get(`/api/v1/documents/${v1.id}`, t.owner.token)).body;
    expect(old.analysisStatus ?? null).toBeNull();
  });
});

describe('expiry reminders: Run now (issue 27)', () => {
  it('OWNER and ADMIN run their own company only, once per stage like the job; other roles get 403; each document shows its history', async () => {
    const to = `${unique('runnow')}@example.test`;
    const doc = await createDocument(t.owner.token, { title: 'Run-now permit', expiryDate: day(5), assignee: to });
    const other = await registerTenant();
    const otherTo = `${unique('other')}@example.test`;
    const foreign = await createDocument(other.token, {
      title: 'Other company permit',
      expiryDate: day(5),
      assignee: otherTo,
    });

    for (const role of ['STAFF', 'MECHANIC'] as const) {
      expect((await post('/api/v1/documents/reminders/run', {}, t.tokens[role])).status).toBe(403);
    }
    const run = await post('/api/v1/documents/reminders/run', {}, t.owner.token);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ trigger: 'manual', tenantId: t.owner.user.tenantId });
    const mine = run.body.emails.filter((e: { documentId: string }) => e.documentId === doc.id);
    expect(mine).toEqual([
      expect.objectContaining({
        stage: 'due_soon',
        recipients: expect.arrayContaining([to]),
        subject: 'Document expiring soon: Run-now permit',
        language: 'en',
      }),
    ]);
    expect(run.body.emails.map((e: { documentId: string }) => e.documentId)).not.toContain(foreign.id);

    const again = await post('/api/v1/documents/reminders/run', {}, t.admin.token);
    expect(again.status).toBe(200);
    expect(again.body.emails.map((e: { documentId: string }) => e.documentId)).not.toContain(doc.id);

    const store = (
      (await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as {
        emails: { destination: unknown; body: { text: string } }[];
      }
    ).emails;
    const mails = store.filter((e) => JSON.stringify(e.destination).includes(to));
    expect(mails).toHaveLength(1);
    expect(store.filter((e) => JSON.stringify(e.destination).includes(otherTo))).toHaveLength(0);
    // The link is the configured app URL (the harness gateway's real origin), never localhost:3000.
    const link = /https?:\/\/\S+\/documents\?\S+/.exec(mails[0].body.text)?.[0];
    expect(link).toBe(`${process.env.APP_URL}/documents?scope=company&id=${doc.id}`);
    expect(process.env.APP_URL).toBe(process.env.SAYYARA_URL);

    const history = await get(`/api/v1/documents/${doc.id}/reminders`, t.admin.token);
    expect(history.status).toBe(200);
    expect(history.body.items).toEqual([
      expect.objectContaining({
        stage: 'due_soon',
        status: 'sent',
        trigger: 'manual',
        recipients: expect.arrayContaining([to]),
      }),
    ]);
    expect((await get(`/api/v1/documents/${foreign.id}/reminders`, t.owner.token)).status).toBe(404);
    // The other company's own run sends its reminder (it was left for it).
    const theirs = await post('/api/v1/documents/reminders/run', {}, other.token);
    expect(theirs.body.emails.map((e: { documentId: string }) => e.documentId)).toContain(foreign.id);
  });
});
