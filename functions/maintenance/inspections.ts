import { ulid } from 'ulid';
import type { z } from 'zod';
import { diffInspections, type InspectionDiff } from '../../shared/maintenance/inspection';
import type { FuelLevel } from '../../shared/rentals/pricing';
import {
  IMAGE_MIME_TYPES,
  INSPECTION_MESSAGES,
  PHOTO_MAX_BYTES,
  type CreateInspectionBody,
  type DamageMark,
  type InspectionKind,
  type InspectionPhoto,
  type inspectionUploadUrlSchema,
  type listInspectionsQuery,
  type confirmInspectionChargeSchema,
  type signInspectionSchema,
  type updateInspectionSchema,
} from '../../shared/schemas/inspections';
import type { Actor } from '../lib/actor';
import { auditItem } from '../lib/data/audit';
import { tenantPk, sortKey, type Key } from '../lib/data/keys';
import { batchGet, getItem, queryAll, queryPage, transact, tx, type Item } from '../lib/data/repo';
import { conflict, notFound, validationFailed } from '../lib/errors';
import { readSignaturePng } from '../lib/signature';
import {
  checkUpload,
  headObject,
  isKeyInPrefix,
  newObjectKey,
  presignDownload,
  presignUpload,
  putObject,
  tenantPrefix,
  type UploadLimits,
} from '../lib/storage';
import { companyRegion, companyTimezone, readCompanySettings } from './deps';
import { postExternalCharges, rentalForInspection, rentalHeldByLineCode } from './rental-deps';
import { userKey } from './model';
import { fromMinor, toMinor } from '../../shared/money';
import { damagePriceListOf } from '../../shared/schemas/settings';

/**
 * Vehicle inspections (issue 12), served by the maintenance Lambda: a check-out at pickup and a
 * check-in at return per rental. Photos and signature images live under
 * tenants/{tenantId}/inspections/ (lib/storage); a signed inspection is locked (every change 409)
 * and its bilingual PDF (photos, diagram, signatures) is stored beside it, immutably (a new key,
 * written once, never overwritten).
 *
 * Items: pk T#{t}#INSPECTION sk {id}; gsi1 T#{t}#INSPECTION_BY_RENTAL#{rentalId} / {kind}#{id}
 * (a rental's two inspections); gsi2 T#{t}#INSPECTION_BY_DATE / {createdAt}#{id} (the list).
 * One inspection of each kind per rental: a marker pk T#{t}#INSPECTION_KIND sk {rentalId}#{kind}
 * is put with the inspection (attribute_not_exists → 409 on a second one).
 */
export interface InspectionItem extends Item {
  entityType: 'INSPECTION';
  id: string;
  rentalId: string;
  rentalReference: string;
  vehicleId: string;
  vehicleLabel: string;
  customerName: string;
  kind: InspectionKind;
  odometer: number;
  fuelLevel: FuelLevel;
  checklist: Record<string, 'ok' | 'issue'>;
  photos: InspectionPhoto[];
  damages: DamageMark[];
  notes: string | null;
  status: 'draft' | 'signed';
  signedAt: string | null;
  signedBy: string | null;
  signatureKeys: { customer: string; staff: string } | null;
  customerSignedName: string | null;
  pdfKey: string | null;
  createdAt: string;
  createdBy: string;
  inspectorName: string;
  version: number;
  updatedAt: string;
}

export const inspectionKey = (tenantId: string, id: string): Key => ({ pk: tenantPk(tenantId, 'INSPECTION'), sk: id });
export const kindMarker = (tenantId: string, rentalId: string, kind: string): Key => ({
  pk: tenantPk(tenantId, 'INSPECTION_KIND'),
  sk: sortKey(rentalId, kind),
});
export const inspectionPrefix = (tenantId: string) => tenantPrefix(tenantId, 'inspections');
const prefix = inspectionPrefix;
const key = inspectionKey;

export const PHOTO_LIMITS: UploadLimits = {
  contentTypes: IMAGE_MIME_TYPES,
  maxBytes: PHOTO_MAX_BYTES,
  messages: { type: INSPECTION_MESSAGES.photoType, tooLarge: INSPECTION_MESSAGES.photoTooLarge },
};

export async function photoUploadUrl(tenantId: string, body: z.output<typeof inspectionUploadUrlSchema>) {
  checkUpload(PHOTO_LIMITS, body);
  const up = await presignUpload(newObjectKey(prefix(tenantId), body.fileName), body.contentType, { size: body.size });
  return { uploadUrl: up.uploadUrl, key: up.key, method: up.method, headers: up.headers };
}

async function checkPhotos(tenantId: string, photos: InspectionPhoto[], damages: DamageMark[]) {
  if (photos.some((p) => !isKeyInPrefix(prefix(tenantId), p.key)))
    throw validationFailed({ photos: INSPECTION_MESSAGES.photoInvalid });
  const heads = await Promise.all(photos.map((p) => headObject(p.key)));
  if (heads.some((h) => !h)) throw validationFailed({ photos: INSPECTION_MESSAGES.photoInvalid });
  for (const h of heads) checkUpload(PHOTO_LIMITS, { contentType: h!.contentType ?? '', size: h!.size });
  const keys = new Set(photos.map((p) => p.key));
  if (damages.some((d) => d.photoKey && !keys.has(d.photoKey)))
    throw validationFailed({ damages: INSPECTION_MESSAGES.photoInvalid });
}

async function getInspectionItem(tenantId: string, id: string): Promise<InspectionItem> {
  const item = (await getItem(key(tenantId, id), true)) as InspectionItem | undefined;
  if (!item) throw notFound('Inspection not found');
  return item;
}

async function ofRental(tenantId: string, rentalId: string): Promise<InspectionItem[]> {
  return queryAll<InspectionItem>({
    tenantId,
    pk: tenantPk(tenantId, 'INSPECTION_BY_RENTAL', rentalId),
    index: 'gsi1',
    max: 10,
  });
}

export async function createInspection(actor: Actor, body: CreateInspectionBody) {
  const { tenantId } = actor;
  const rental = await rentalForInspection(tenantId, body.rentalId);
  if (!rental) throw validationFailed({ rentalId: INSPECTION_MESSAGES.rentalRequired });
  await checkPhotos(tenantId, body.photos, body.damages);
  if (body.kind === 'check_in') {
    const out = (await ofRental(tenantId, rental.id)).find((i) => i.kind === 'check_out');
    if (!out) throw conflict(INSPECTION_MESSAGES.checkOutFirst, { kind: INSPECTION_MESSAGES.checkOutFirst });
    if (body.odometer < out.odometer) throw validationFailed({ odometer: INSPECTION_MESSAGES.odometerBelowCheckOut });
  }
  const now = new Date().toISOString();
  const id = ulid();
  const item: InspectionItem = {
    ...key(tenantId, id),
    gsi1pk: tenantPk(tenantId, 'INSPECTION_BY_RENTAL', rental.id),
    gsi1sk: sortKey(body.kind, id),
    gsi2pk: tenantPk(tenantId, 'INSPECTION_BY_DATE'),
    gsi2sk: sortKey(now, id),
    entityType: 'INSPECTION',
    id,
    rentalId: rental.id,
    rentalReference: rental.referenceNumber,
    vehicleId: rental.vehicleId,
    vehicleLabel: rental.vehicleLabel,
    customerName: rental.customerName,
    kind: body.kind,
    odometer: body.odometer,
    fuelLevel: body.fuelLevel,
    checklist: body.checklist,
    photos: body.photos,
    damages: body.damages,
    notes: body.notes ?? null,
    status: 'draft',
    signedAt: null,
    signedBy: null,
    signatureKeys: null,
    customerSignedName: null,
    pdfKey: null,
    createdAt: now,
    createdBy: actor.userId,
    inspectorName: actor.username,
    version: 1,
    updatedAt: now,
  };
  try {
    await transact([
      tx.putNew(item),
      tx.putNew({ ...kindMarker(tenantId, rental.id, body.kind), entityType: 'INSPECTION_KIND', inspectionId: id }),
      tx.putNew(
        auditItem(actor, 'inspection.create', 'inspection', id, {
          after: { rental: rental.referenceNumber, kind: body.kind },
        }),
      ),
    ]);
  } catch (err) {
    if ((err as { name?: string }).name === 'TransactionCanceledException')
      throw conflict(INSPECTION_MESSAGES.alreadyExists, { kind: INSPECTION_MESSAGES.alreadyExists });
    throw err;
  }
  return toApi(tenantId, item);
}

function assertDraft(item: InspectionItem, version?: number) {
  if (item.status === 'signed') throw conflict(INSPECTION_MESSAGES.signed, undefined, 'CONFLICT');
  if (version !== undefined && version !== item.version)
    throw conflict('This inspection was changed by someone else. Reload and try again.', undefined, 'VERSION_CONFLICT');
}

export async function updateInspection(actor: Actor, id: string, body: z.output<typeof updateInspectionSchema>) {
  const item = await getInspectionItem(actor.tenantId, id);
  assertDraft(item, body?.version);
  const next = {
    odometer: body?.odometer ?? item.odometer,
    fuelLevel: body?.fuelLevel ?? item.fuelLevel,
    checklist: body?.checklist ?? item.checklist,
    photos: body?.photos ?? item.photos,
    damages: body?.damages ?? item.damages,
    notes: body?.notes === undefined ? item.notes : body.notes,
  };
  await checkPhotos(actor.tenantId, next.photos, next.damages);
  const now = new Date().toISOString();
  // The condition on status keeps a concurrent signature from being edited under it.
  const update = tx.update(key(actor.tenantId, id), item.version, next, now) as {
    Update: {
      ConditionExpression: string;
      ExpressionAttributeNames: Record<string, string>;
      ExpressionAttributeValues: Record<string, unknown>;
    };
  };
  update.Update.ConditionExpression += ' AND #st = :draft';
  update.Update.ExpressionAttributeNames['#st'] = 'status';
  update.Update.ExpressionAttributeValues[':draft'] = 'draft';
  await transact([update as never, tx.putNew(auditItem(actor, 'inspection.update', 'inspection', id))]);
  return toApi(actor.tenantId, { ...item, ...next, version: item.version + 1, updatedAt: now });
}

export async function signInspection(actor: Actor, id: string, body: z.output<typeof signInspectionSchema>) {
  const { tenantId } = actor;
  const item = await getInspectionItem(tenantId, id);
  assertDraft(item, body.version);
  const now = new Date().toISOString();
  const stamp = now.replace(/[:.]/g, '');
  const signatureKeys = {
    customer: `${prefix(tenantId)}${id}-${stamp}-signature-customer.png`,
    staff: `${prefix(tenantId)}${id}-${stamp}-signature-staff.png`,
  };
  const customer = readSignaturePng(body.customerSignature);
  const staff = readSignaturePng(body.staffSignature);
  if (!customer || !staff) throw validationFailed({ customerSignature: INSPECTION_MESSAGES.signatureRequired });
  const signed: InspectionItem = {
    ...item,
    status: 'signed',
    signedAt: now,
    signedBy: actor.username,
    signatureKeys,
    customerSignedName: body.customerName ?? item.customerName,
    pdfKey: `${prefix(tenantId)}${id}-${stamp}.pdf`,
    version: item.version + 1,
    updatedAt: now,
  };
  const settings = await readCompanySettings(tenantId);
  const diff = signed.kind === 'check_in' ? await diffFor(tenantId, signed) : null;
  const { inspectionPdf } = await import('./inspection-pdf');
  const [inspector, signer] = await Promise.all([
    personName(tenantId, item.createdBy),
    personName(tenantId, actor.userId),
  ]);
  const pdf = await inspectionPdf(
    signed,
    {
      companyName: settings.name,
      primaryColor: settings.primaryColor,
      secondaryColor: settings.secondaryColor,
      timeZone: companyTimezone(settings),
      region: companyRegion(settings),
    },
    { customer, staff },
    diff,
    { inspector, signer },
  );
  await Promise.all([
    putObject(signatureKeys.customer, customer, 'image/png'),
    putObject(signatureKeys.staff, staff, 'image/png'),
    putObject(signed.pdfKey!, pdf, 'application/pdf'),
  ]);
  const update = tx.update(
    key(tenantId, id),
    item.version,
    {
      status: 'signed',
      signedAt: now,
      signedBy: actor.username,
      signatureKeys,
      customerSignedName: signed.customerSignedName,
      pdfKey: signed.pdfKey,
    },
    now,
  ) as {
    Update: {
      ConditionExpression: string;
      ExpressionAttributeNames: Record<string, string>;
      ExpressionAttributeValues: Record<string, unknown>;
    };
  };
  update.Update.ConditionExpression += ' AND #st = :draft';
  update.Update.ExpressionAttributeNames['#st'] = 'status';
  update.Update.ExpressionAttributeValues[':draft'] = 'draft';
  try {
    await transact([update as never, tx.putNew(auditItem(actor, 'inspection.sign', 'inspection', id))]);
  } catch (err) {
    if ((err as { name?: string }).name === 'TransactionCanceledException')
      throw conflict(INSPECTION_MESSAGES.signed, undefined, 'CONFLICT');
    throw err;
  }
  return toApi(tenantId, signed);
}

/** The check-in compared with its rental's check-out, with the proposed charges. */
async function diffFor(tenantId: string, inn: InspectionItem): Promise<InspectionDiff | null> {
  const [out, rental, settings] = await Promise.all([
    ofRental(tenantId, inn.rentalId).then((xs) => xs.find((i) => i.kind === 'check_out')),
    rentalForInspection(tenantId, inn.rentalId),
    readCompanySettings(tenantId),
  ]);
  if (!out || !rental) return null;
  // Issue 27: the return's own rule (usageOfRental) — booked days (an early return pays and is
  // allowed km for them), late days past the grace, the rental's limit (null/0 = unlimited) —
  // returned at the rental's return, or at the check-in while the car is not returned yet.
  return diffInspections(out, inn, {
    rental,
    gracePeriodHours: settings.gracePeriodHours,
    atISO: rental.returnDate ?? inn.createdAt,
    fuelChargePerQuarterMinor: settings.pricing.fuelChargePerQuarterTankMinor,
    damagePrices: damagePriceListOf(settings.pricing),
  });
}

/** One confirmation of a proposed charge: written with its ledger entry, so a proposal posts once. */
const chargeMarker = (tenantId: string, inspectionId: string, chargeKey: string): Key => ({
  pk: tenantPk(tenantId, 'INSPECTION_CHARGE'),
  sk: sortKey(inspectionId, chargeKey),
});
/** Proposals the return itself charges by line code (settlementEntries nets what a confirmation posted under it). */
const RETURN_LINE_CODES: readonly string[] = ['extra_km', 'fuel_charges'];
const LEDGER_LABELS = { damage_fees: 'Damage fees', extra_km: 'Extra km', fuel_charges: 'Fuel charges' } as const;

type PostedBy = 'confirmation' | 'return' | null;
/**
 * Whether each proposal is already on the rental's ledger: confirmed here (its marker), or — extra
 * km and fuel — charged under the same line code by the return (or an earlier confirmation).
 */
async function postedState(
  tenantId: string,
  inspectionId: string,
  rentalId: string,
  diff: InspectionDiff,
): Promise<Map<string, PostedBy>> {
  const [markers, held] = await Promise.all([
    diff.proposed.length
      ? batchGet(
          diff.proposed.map((c) => chargeMarker(tenantId, inspectionId, c.key)),
          true,
        )
      : Promise.resolve([]),
    diff.proposed.some((c) => RETURN_LINE_CODES.includes(c.category))
      ? rentalHeldByLineCode(tenantId, rentalId)
      : Promise.resolve(new Map<string, number>()),
  ]);
  const confirmed = new Set(markers.filter(Boolean).map((m) => String(m!.chargeKey)));
  return new Map(
    diff.proposed.map((c) => [
      c.key,
      confirmed.has(c.key)
        ? 'confirmation'
        : RETURN_LINE_CODES.includes(c.category) && (held.get(c.category) ?? 0) > 0
          ? 'return'
          : null,
    ]),
  );
}

/**
 * Staff confirm one proposed charge of a check-in (issue 27): it is posted to the rental's ledger
 * (journal through the rentals engine) with its confirmation marker in ONE transaction, at the
 * amount confirmed (the proposal's, or as edited). A proposal already posted — confirmed before,
 * or extra km / fuel the return already charged — is refused (409, chargePosted); the same
 * Idempotency-Key replays the first answer. Extra km and fuel are posted under their pricing line
 * code, so the return nets them (never charged twice); damage is a charge of its own.
 */
export async function confirmInspectionCharge(
  actor: Actor,
  id: string,
  body: z.output<typeof confirmInspectionChargeSchema>,
  idempotencyKey?: string,
) {
  const { tenantId } = actor;
  const item = await getInspectionItem(tenantId, id);
  const diff = item.kind === 'check_in' ? await diffFor(tenantId, item) : null;
  const charge = diff?.proposed.find((c) => c.key === body.key);
  if (!diff || !charge) throw conflict(INSPECTION_MESSAGES.chargeUnknown, { key: INSPECTION_MESSAGES.chargeUnknown });
  const byLineCode = RETURN_LINE_CODES.includes(charge.category);
  const result = await postExternalCharges(
    actor,
    item.rentalId,
    'inspection_charge',
    async () => {
      const posted = (await postedState(tenantId, id, item.rentalId, { ...diff, proposed: [charge] })).get(charge.key);
      if (posted) throw conflict(INSPECTION_MESSAGES.chargePosted, { key: INSPECTION_MESSAGES.chargePosted });
      const at = new Date().toISOString();
      return {
        note: `Inspection ${item.rentalReference}: ${charge.label}`,
        // The ledger's fixed label of the category (shared/rentals/ledger-text.ts translates it); the detail is in the
        // note and audit.
        entries: [
          {
            category: charge.category,
            label: LEDGER_LABELS[charge.category],
            amountMinor: toMinor(body.amount),
            ...(byLineCode ? { lineCode: charge.category } : {}),
          },
        ],
        extra: [
          tx.putNew({
            ...chargeMarker(tenantId, id, charge.key),
            entityType: 'INSPECTION_CHARGE',
            inspectionId: id,
            chargeKey: charge.key,
            amountMinor: toMinor(body.amount),
            at,
            by: actor.username,
          }),
          tx.putNew(
            auditItem(actor, 'inspection.charge', 'inspection', id, {
              after: { rental: item.rentalReference, charge: charge.label, amount: body.amount },
            }),
          ),
        ],
      };
    },
    idempotencyKey,
  );
  return result;
}

async function toApi(tenantId: string, i: InspectionItem, opts: { withDiff?: boolean } = {}) {
  const photos = await Promise.all(i.photos.map(async (p) => ({ ...p, url: await presignDownload(p.key) })));
  const diff = opts.withDiff && i.kind === 'check_in' ? await diffFor(tenantId, i) : null;
  const posted = diff ? await postedState(tenantId, i.id, i.rentalId, diff) : new Map<string, PostedBy>();
  return {
    id: i.id,
    rentalId: i.rentalId,
    rentalReference: i.rentalReference,
    vehicleId: i.vehicleId,
    vehicleLabel: i.vehicleLabel,
    customerName: i.customerName,
    kind: i.kind,
    odometer: i.odometer,
    fuelLevel: i.fuelLevel,
    checklist: i.checklist,
    photos,
    damages: i.damages,
    notes: i.notes,
    status: i.status,
    signedAt: i.signedAt,
    signedBy: i.signedBy,
    customerSignedName: i.customerSignedName,
    pdfUrl:
      i.pdfKey && i.status === 'signed'
        ? await presignDownload(i.pdfKey, { fileName: `inspection-${i.rentalReference}-${i.kind}.pdf` })
        : null,
    inspectorName: i.inspectorName,
    createdAt: i.createdAt,
    version: i.version,
    diff: diff
      ? {
          ...diff,
          proposed: diff.proposed.map((c) => ({
            ...c,
            amount: fromMinor(c.amountMinor),
            postedBy: posted.get(c.key) ?? null,
          })),
        }
      : null,
  };
}

export async function getInspection(tenantId: string, id: string) {
  return toApi(tenantId, await getInspectionItem(tenantId, id), { withDiff: true });
}

export async function listInspections(tenantId: string, q: z.output<typeof listInspectionsQuery>) {
  if (q.rentalId) {
    const items = await ofRental(tenantId, q.rentalId);
    return { items: await Promise.all(items.map((i) => toApi(tenantId, i))), nextCursor: null };
  }
  const page = await queryPage<InspectionItem>({
    tenantId,
    pk: tenantPk(tenantId, 'INSPECTION_BY_DATE'),
    index: 'gsi2',
    forward: false,
    limit: q.limit,
    cursor: q.cursor,
    ...(q.from ? { skFrom: q.from } : {}),
  });
  return { items: await Promise.all(page.items.map((i) => toApi(tenantId, i))), nextCursor: page.nextCursor };
}

/** A staff member's name as people read it on the sheet (first and last), else null (the username is the fallback). */
export async function personName(tenantId: string, userId: string | null | undefined): Promise<string | null> {
  if (!userId) return null;
  const u = await getItem(userKey(tenantId, userId));
  const full = [u?.firstName, u?.lastName].filter(Boolean).join(' ').trim();
  return full || null;
}
