import { ulid } from 'ulid';
import { sortKey } from '../lib/data/keys';
import type { Item } from '../lib/data/repo';
import { putObject } from '../lib/storage';
import { calendarDateInZone, getRegionConfig } from '../../shared/regions';
import type { DocumentScope } from '../../shared/schemas/documents';
import type { DocumentStatus, DocumentType } from '../../shared/schemas/documents-constants';
import { writeBatch, type DemoWorld } from '../lib/demo/world';
import {
  chainKey,
  documentKey,
  documentPrefix,
  latestIndexAttrs,
  ownerPointer,
  reminderKey,
  searchTextOf,
  type DocumentItem,
} from './model';
import { addDays } from '../../shared/calendar';
import { reminderStage } from './reminders';

/**
 * Demo documents: every type across the three scopes, expiry dates spread so each validity shows
 * (valid, expiring soon, expired, no expiry), some with two or three versions, some awaiting
 * review, one rejected; and the reminders the job would already have sent for those due soon or
 * expired (document_reminders markers, status sent), so the nightly job does not mail them again.
 * The files are real one-page PDFs with a text layer (analysis reads them). Deterministic: dates
 * relative to world.now, no randomness.
 */
/**
 * A one-page PDF with a Helvetica text layer, written by hand (no pdf-lib: the documents Lambda
 * and the demo job keep PDF libraries out of their bundles; functions/lib/bundle-hygiene.test.ts).
 */
export function pdfOf(lines: string[]): Buffer {
  const esc = (t: string) => t.replace(/[^\x20-\x7e]/g, '?').replace(/([()\\])/g, '\\$1');
  const content = [
    'BT',
    '/F1 16 Tf',
    '36 380 Td',
    ...lines.flatMap((l, i) => [...(i ? ['0 -24 Td', ...(i === 1 ? ['/F1 12 Tf'] : [])] : []), `(${esc(l)}) Tj`]),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 420] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((n) => `${String(n).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

interface Spec {
  scope: DocumentScope;
  type: DocumentType;
  title: string;
  expiresIn?: number;
  status: DocumentStatus;
  versions?: number;
  tags?: string[];
  on?: number;
}

export async function seedDocuments(world: DemoWorld): Promise<void> {
  const tz = getRegionConfig(world.region).timezone;
  const today = calendarDateInZone(world.now, tz);
  const vehicles = world.vehicles.filter((v) => !v.isArchived);
  const customers = world.customers;
  const specs: Spec[] = [];
  // Vehicles: registration and insurance for the first 8 cars with a spread of expiry dates.
  // The fifth car (the demo's out-of-service one) has the lapsed registration; it is off the road for it.
  const spread = [200, 120, 25, 12, -3, 4, -20, 300];
  // Insurance: the same spread shifted by three, with the third and fourth cars swapped so the
  // fleet-health demo has its 'poor' cars whatever the hour of the reset (the third car's lapsed
  // insurance and the fourth's GPS incidents, which vary with the hour of the night-time zone).
  const insuranceOf = [0, 1, 3, 2, 4, 5, 6, 7];
  vehicles.slice(0, 8).forEach((_v, i) => {
    specs.push({
      scope: 'vehicle',
      type: 'registration',
      title: 'Vehicle registration (Mulkiya)',
      expiresIn: spread[i],
      status: i % 3 === 0 ? 'under_review' : 'approved',
      versions: i === 1 ? 2 : 1,
      on: i,
    });
    specs.push({
      scope: 'vehicle',
      type: 'insurance',
      title: 'Comprehensive insurance policy',
      expiresIn: spread[(insuranceOf[i] + 3) % 8] + 10,
      status: i === 5 ? 'rejected' : 'approved',
      on: i,
      tags: ['insurance'],
    });
  });
  specs.push({
    scope: 'vehicle',
    type: 'inspection',
    title: 'RTA passing test',
    expiresIn: 40,
    status: 'approved',
    on: 0,
  });
  specs.push({ scope: 'vehicle', type: 'maintenance', title: 'Service record 60,000 km', status: 'approved', on: 1 });
  specs.push({ scope: 'vehicle', type: 'other', title: 'Purchase invoice', status: 'draft', on: 2 });
  // Customers: licences and agreements.
  [90, 18, -6, 400].forEach((d, i) =>
    specs.push({
      scope: 'customer',
      type: 'license',
      title: 'Driving licence',
      expiresIn: d,
      status: i === 1 ? 'under_review' : 'approved',
      on: i,
    }),
  );
  specs.push({
    scope: 'customer',
    type: 'rental_agreement',
    title: 'Signed long-term agreement',
    status: 'approved',
    on: 0,
  });
  specs.push({
    scope: 'customer',
    type: 'permit',
    title: 'Residence permit copy',
    expiresIn: 150,
    status: 'draft',
    on: 2,
  });
  // Company: trade licence, permits, certificates, templates.
  specs.push({
    scope: 'company',
    type: 'license',
    title: 'Trade licence',
    expiresIn: 22,
    status: 'approved',
    versions: 3,
    tags: ['dubai economy'],
  });
  specs.push({
    scope: 'company',
    type: 'permit',
    title: 'RTA car rental activity permit',
    expiresIn: 75,
    status: 'approved',
  });
  specs.push({
    scope: 'company',
    type: 'insurance',
    title: 'Fleet liability insurance',
    expiresIn: -10,
    status: 'approved',
  });
  specs.push({ scope: 'company', type: 'certificate', title: 'VAT registration certificate', status: 'approved' });
  specs.push({
    scope: 'company',
    type: 'rental_agreement',
    title: 'Rental agreement template',
    status: 'approved',
    tags: ['template'],
  });
  specs.push({
    scope: 'company',
    type: 'inspection',
    title: 'Vehicle inspection sheet template',
    status: 'under_review',
    tags: ['template'],
  });

  const items: Item[] = [];
  const nowIso = world.now.toISOString();
  for (const [n, s] of specs.entries()) {
    const vehicle = s.scope === 'vehicle' ? vehicles[(s.on ?? 0) % vehicles.length] : undefined;
    const customer = s.scope === 'customer' ? customers[(s.on ?? 0) % customers.length] : undefined;
    if ((s.scope === 'vehicle' && !vehicle) || (s.scope === 'customer' && !customer)) continue;
    const expiryDate = s.expiresIn === undefined ? undefined : addDays(today, s.expiresIn);
    const versions = s.versions ?? 1;
    let parent: string | undefined;
    const rootId = ulid();
    for (let v = 1; v <= versions; v++) {
      const id = v === 1 ? rootId : ulid();
      const latest = v === versions;
      const fileName = `${s.type}-${n + 1}${versions > 1 ? `-v${v}` : ''}.pdf`;
      // Fixed keys: the nightly reset overwrites the same demo files instead of adding new ones.
      const fileKey = `${documentPrefix(world.tenantId)}demo-${fileName}`;
      const exp = latest ? expiryDate : expiryDate && addDays(expiryDate, -365 * (versions - v));
      const body = pdfOf([
        s.title,
        world.companyName,
        ...(vehicle ? [`Vehicle: ${vehicle.make} ${vehicle.model}`, `Plate No: ${vehicle.licensePlate}`] : []),
        ...(customer
          ? [
              `Name: ${customer.fullNameEnglish}`,
              ...(customer.licenseNumber ? [`Licence No: ${customer.licenseNumber}`] : []),
            ]
          : []),
        ...(s.type === 'insurance' ? [`Policy No: POL-${String(100200 + n)}`] : []),
        ...(exp ? [`Issue Date: ${addDays(exp, -365)}`, `Expiry Date: ${exp}`] : []),
      ]);
      await putObject(fileKey, body, 'application/pdf');
      const created = new Date(
        world.now.getTime() - (specs.length - n) * 3_600_000 - (versions - v) * 86_400_000,
      ).toISOString();
      const base = {
        ...documentKey(world.tenantId, id),
        entityType: 'DOC' as const,
        id,
        scope: s.scope,
        ...(vehicle ? { vehicleId: vehicle.id } : {}),
        ...(customer ? { customerId: customer.id } : {}),
        title: s.title,
        documentType: s.type,
        fileKey,
        fileName,
        fileType: 'application/pdf',
        fileSize: body.length,
        docVersion: v,
        ...(parent ? { parentDocumentId: parent } : {}),
        rootDocumentId: rootId,
        isLatest: latest,
        ...(exp ? { expiryDate: exp } : {}),
        reminderThreshold: 30,
        status: latest ? s.status : ('approved' as DocumentStatus),
        ...(latest && (s.status === 'approved' || s.status === 'rejected')
          ? { approver: world.owner.username, approvedAt: s.status === 'approved' ? created : undefined }
          : {}),
        ...(latest && s.status === 'rejected'
          ? { rejectedAt: created, rejectionReason: 'The scan is cut off; upload the full page' }
          : {}),
        tags: s.tags ?? [],
        isTemplate: (s.tags ?? []).includes('template'),
        uploadedBy: world.owner.username,
        createdAt: created,
        updatedAt: created,
        version: 1,
      };
      const doc = { ...base, searchText: searchTextOf(base) } as unknown as DocumentItem;
      const withIdx = Object.fromEntries(
        Object.entries({ ...doc, ...(latest ? latestIndexAttrs(doc, world.tenantId) : {}) }).filter(
          ([, x]) => x !== undefined,
        ),
      ) as DocumentItem;
      // Reminders already sent: the current stage's marker (sent) and the index moved on.
      if (latest && exp) {
        const { stage, next } = reminderStage(exp, 30, today);
        if (stage) {
          items.push({
            ...reminderKey(world.tenantId, id, exp, stage),
            entityType: 'DOC_REMINDER',
            tenantId: world.tenantId,
            documentId: id,
            stage,
            expiryDate: exp,
            recipients: ['demo@sayyara.app'],
            subject: `${stage === 'due_soon' ? 'Document expiring soon' : 'Document expired'}: ${s.title}`,
            status: 'sent',
            sentAt: nowIso,
            createdAt: nowIso,
            language: 'en',
          });
          if (next) withIdx.gsi2sk = sortKey(next, world.tenantId, id);
          else {
            delete withIdx.gsi2pk;
            delete withIdx.gsi2sk;
          }
        }
      }
      items.push(withIdx, { ...chainKey(world.tenantId, rootId, v), entityType: 'DOC_CHAIN', id, docVersion: v });
      const pointer = latest ? ownerPointer(world.tenantId, withIdx) : undefined;
      if (pointer) items.push(pointer);
      parent = id;
    }
  }
  await writeBatch(items);
  world.counts.documents = specs.length;
}
