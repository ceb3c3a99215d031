import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import type { RentalContract, SignContractBody } from '../../../shared/schemas/rental-contract';
import { CONTRACT_MESSAGES, type ContractStatus } from '../../../shared/schemas/rental-contract-constants';
import type { Actor } from '../../lib/actor';
import { entityKey, type Key } from '../../lib/data/keys';
import { getItem, transact, tx, type Item, type TransactItem } from '../../lib/data/repo';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { readSignaturePng } from '../../lib/signature';
import { deleteObject, presignDownload, putObjectIfAbsent, tenantPrefix } from '../../lib/storage';
import { readRentalSettings } from '../deps';
import { getRentalItem, type RentalItem } from '../data';
import { planRentalChange } from '../mutate';
import { contractUrl, readLogo } from './store';

/**
 * The rental contract's record (business-data §3 contract_storage: draft → signed → completed;
 * see shared/schemas/rental-contract.ts for what each status means).
 *
 * Item: pk `T#{t}#CONTRACT_STORAGE`, sk `{rentalId}` — one per rental, written when the contract is
 * signed (a draft has nothing to keep: its PDF is made from the rental as it stands, so the record
 * is created lazily, at signing, and "no record" reads as draft; a GET never writes a record).
 * The rental mirrors the status in `contractStatus` (absent = draft), written in the SAME
 * transaction as the record, so the rental page and the close action know it without a read.
 *
 * Signing: the signatures are checked to be real PNGs (400 otherwise, nothing written), the
 * contract PDF is rendered with both signatures and the signing time, and the PDF and the two
 * images are stored under new keys (`…/contracts/{rentalId}/{contractNumber}-signed-{time}-{ulid}.pdf`)
 * with a conditional PUT (If-None-Match: *) — never overwritten. Then ONE transaction: the record
 * (attribute_not_exists: a second signature → 409), the rental (its version: what was rendered is
 * what is recorded; timeline `contract_signed`) and the audit item. A lost race removes the files
 * it stored (best effort) and answers 409.
 *
 * Which rentals can be signed: pending (before the keys are handed over), active, overdue and
 * completed-but-not-closed (a customer who signs at return). Cancelled, archived and closed
 * rentals cannot (409): closing locks the contract.
 *
 * Completion: closing the rental (lifecycle.ts close) marks a signed contract completed in its own
 * transaction (`completeContractItems`); an unsigned contract stays draft (a paper contract).
 */
export interface ContractItem extends Item {
  entityType: 'CONTRACT_STORAGE';
  rentalId: string;
  contractNumber: string;
  status: Exclude<ContractStatus, 'draft'>;
  signedAt: string;
  signedBy: string;
  signedByUserId: string;
  customerSignedName: string;
  staffSignedName: string;
  pdfKey: string;
  pdfSha256: string;
  pdfBytes: number;
  signatureKeys: { customer: string; staff: string | null };
  /** The rental version the signed PDF was rendered from. */
  rentalVersion: number;
  completedAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export const contractRecordKey = (tenantId: string, rentalId: string): Key =>
  entityKey(tenantId, 'CONTRACT_STORAGE', rentalId);
const SIGNABLE = new Set(['pending', 'active', 'overdue', 'completed']);

export const contractStatusOf = (rental: Pick<RentalItem, 'contractStatus'>): ContractStatus =>
  rental.contractStatus === 'signed' || rental.contractStatus === 'completed' ? rental.contractStatus : 'draft';

export async function readRecord(tenantId: string, rentalId: string): Promise<ContractItem | undefined> {
  return (await getItem(contractRecordKey(tenantId, rentalId), true)) as ContractItem | undefined;
}

/** The contract of a rental: status and a download link (the signed PDF once signed, else the draft). */
export async function rentalContract(tenantId: string, rental: RentalItem): Promise<RentalContract> {
  const status = contractStatusOf(rental);
  const record = status === 'draft' ? undefined : await readRecord(tenantId, rental.id);
  if (!record) {
    return {
      rentalId: rental.id,
      contractNumber: rental.contractNumber,
      status: 'draft',
      url: await contractUrl(tenantId, rental),
      signedAt: null,
      signedBy: null,
      customerSignedName: null,
      staffSignedName: null,
      completedAt: null,
      pdfSha256: null,
    };
  }
  return toApi(
    record,
    await presignDownload(record.pdfKey, { fileName: `${rental.contractNumber}-signed.pdf`, attachment: true }),
  );
}

export const toApi = (r: ContractItem, url: string): RentalContract => ({
  rentalId: r.rentalId,
  contractNumber: r.contractNumber,
  status: r.status,
  url,
  signedAt: r.signedAt,
  signedBy: r.signedBy,
  customerSignedName: r.customerSignedName,
  staffSignedName: r.staffSignedName,
  completedAt: r.completedAt,
  pdfSha256: r.pdfSha256,
});

export async function signContract(
  actor: Actor,
  rentalId: string,
  body: SignContractBody,
  staffName: string = actor.username,
): Promise<RentalContract> {
  const { tenantId } = actor;
  const customer = readSignaturePng(body.customerSignature);
  const staff = readSignaturePng(body.staffSignature);
  if (!customer || !staff) {
    throw validationFailed({
      ...(customer ? {} : { customerSignature: CONTRACT_MESSAGES.signatureInvalid }),
      ...(staff ? {} : { staffSignature: CONTRACT_MESSAGES.signatureInvalid }),
    });
  }
  const rental = await getRentalItem(tenantId, rentalId);
  if (!rental) throw notFound('Rental not found');
  return storeSignedContract(actor, rental, {
    customer,
    staff,
    customerName: body.customerName || rental.customerName,
    staffName,
    version: body.version,
  });
}

/** What is signed: the drawn images (the staff one absent for a remote signature) and the printed names. */
export interface SignatureInput {
  customer: Buffer;
  staff?: Buffer;
  customerName: string;
  staffName: string;
  /** The rental version the signer saw (409 when it changed). */
  version?: number;
  /** More items written in the same transaction (remote signing: the link used up). */
  extra?: TransactItem[];
}

/**
 * The ONE way a contract becomes signed (at the desk and through a remote link): render, store
 * the PDF and images under new keys (never overwritten), then one transaction (record + rental +
 * audit + `extra`). Returns the record as the API shows it.
 */
export async function storeSignedContract(
  actor: Actor,
  rental: RentalItem,
  input: SignatureInput,
): Promise<RentalContract> {
  const { tenantId } = actor;
  const { customer, staff, customerName, staffName } = input;
  if (contractStatusOf(rental) !== 'draft' || (await readRecord(tenantId, rental.id)))
    throw conflict(CONTRACT_MESSAGES.alreadySigned, undefined, 'CONFLICT');
  if (!SIGNABLE.has(rental.status) || rental.closedAt)
    throw conflict(CONTRACT_MESSAGES.notSignable, undefined, 'INVALID_TRANSITION');
  if (input.version !== undefined && input.version !== rental.version)
    throw conflict(CONTRACT_MESSAGES.changed, undefined, 'VERSION_CONFLICT');

  const settings = await readRentalSettings(tenantId);
  const signedAt = new Date().toISOString();
  const { renderContract } = await import('./pdf');
  let pdf: Uint8Array;
  try {
    pdf = await renderContract(rental, settings, await readLogo(settings.logoKey), 'en', {
      customer,
      staff,
      customerName,
      staffName,
      signedAt,
    });
  } catch {
    // The bytes looked like a PNG but pdf-lib cannot decode them (a corrupt image).
    throw validationFailed({
      customerSignature: CONTRACT_MESSAGES.signatureInvalid,
      ...(staff ? { staffSignature: CONTRACT_MESSAGES.signatureInvalid } : {}),
    });
  }
  const base = `${tenantPrefix(tenantId, 'contracts', rental.id)}${rental.contractNumber.replace(/[^A-Za-z0-9_-]/g, '_')}-signed-${signedAt.replace(/[:.]/g, '')}-${ulid()}`;
  const keys = {
    pdf: `${base}.pdf`,
    customer: `${base}-customer.png`,
    ...(staff ? { staff: `${base}-staff.png` } : {}),
  };
  const pdfSha256 = createHash('sha256').update(pdf).digest('hex');
  await Promise.all([
    putObjectIfAbsent(keys.pdf, pdf, 'application/pdf', {
      'rental-version': String(rental.version),
      sha256: pdfSha256,
    }),
    putObjectIfAbsent(keys.customer, customer, 'image/png'),
    ...(staff && keys.staff ? [putObjectIfAbsent(keys.staff, staff, 'image/png')] : []),
  ]);

  const record: ContractItem = {
    ...contractRecordKey(tenantId, rental.id),
    entityType: 'CONTRACT_STORAGE',
    rentalId: rental.id,
    contractNumber: rental.contractNumber,
    status: 'signed',
    signedAt,
    signedBy: actor.username,
    signedByUserId: actor.userId,
    customerSignedName: customerName,
    staffSignedName: staffName,
    pdfKey: keys.pdf,
    pdfSha256,
    pdfBytes: pdf.length,
    signatureKeys: { customer: keys.customer, staff: keys.staff ?? null },
    rentalVersion: rental.version,
    completedAt: null,
    version: 1,
    createdAt: signedAt,
    updatedAt: signedAt,
  };
  try {
    const change = await planRentalChange(
      actor,
      rental.id,
      async (current) => {
        // What was rendered is what is recorded: a rental changed since → 409 (sign again).
        if (current.version !== rental.version)
          throw conflict(CONTRACT_MESSAGES.changed, undefined, 'VERSION_CONFLICT');
        return {
          action: 'contract_signed',
          note: customerName,
          changes: { contractStatus: 'signed', contractSignedAt: signedAt },
          extra: [tx.putNew(record), ...(input.extra ?? [])],
        };
      },
      settings,
    );
    await transact(change.items);
  } catch (err) {
    await Promise.all(Object.values(keys).map((k) => deleteObject(k).catch(() => undefined)));
    if ((err as { name?: string }).name === 'TransactionCanceledException') {
      throw (await readRecord(tenantId, rental.id))
        ? conflict(CONTRACT_MESSAGES.alreadySigned, undefined, 'CONFLICT')
        : conflict(CONTRACT_MESSAGES.changed, undefined, 'VERSION_CONFLICT');
    }
    throw err;
  }
  return toApi(
    record,
    await presignDownload(keys.pdf, { fileName: `${rental.contractNumber}-signed.pdf`, attachment: true }),
  );
}

/** Closing a rental: a signed contract becomes completed in the close's own transaction. */
export function completeContractItems(
  tenantId: string,
  rental: RentalItem,
  at: string,
): { changes: Record<string, unknown>; items: TransactItem[] } {
  if (contractStatusOf(rental) !== 'signed') return { changes: {}, items: [] };
  return {
    changes: { contractStatus: 'completed' },
    items: [tx.update(contractRecordKey(tenantId, rental.id), 1, { status: 'completed', completedAt: at }, at)],
  };
}
