import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PublicContract, RemoteSignBody } from '../../../shared/schemas/rental-contract';
import {
  CONTRACT_LINK_HOURS,
  CONTRACT_MESSAGES,
  REMOTE_SIGN_MESSAGES,
} from '../../../shared/schemas/rental-contract-constants';
import type { Actor } from '../../lib/actor';
import { appUrl } from '../../lib/app-url';
import { readCompanySettings } from '../../lib/company-settings';
import { entityKey, isUlid, type Key } from '../../lib/data/keys';
import { getItem, transact, tx, type Item } from '../../lib/data/repo';
import { sendEmail } from '../../lib/email';
import { badRequest, conflict, notFound, validationFailed } from '../../lib/errors';
import { readSignaturePng } from '../../lib/signature';
import { presignDownload } from '../../lib/storage';
import { getRentalItem, type RentalItem } from '../data';
import { readCustomer } from '../deps';
import { contractStatusOf, readRecord, rentalContract, storeSignedContract } from './signing';

/**
 * Remote signing (issue 27): "Send for signature" emails the customer a one-time link to read and
 * sign ONE contract without signing in, like the payment return page.
 *
 * Token: `{tenantId}.{rentalId}.{secret}`, the secret 32 random bytes (256 bits, base64url, 43
 * characters). Only its SHA-256 is stored, on the link item pk `T#{t}#CONTRACT_LINK`, sk
 * `{rentalId}` (one per rental: a new send overwrites it, so the previous link stops working),
 * with its expiry (24 h), the sender and the address. The token is compared in constant time.
 * Unknown, wrong or another company's token → 404 "not valid"; the right token past its expiry →
 * 404 "expired" (a clear message; no separate status so that nothing else is told apart).
 *
 * Signing through the link is the desk's signing (signing.ts storeSignedContract): the same
 * immutable PDF with its SHA-256, signed once (a second → 409 "already signed"); the customer
 * draws their signature alone, and the company's line names the staff member who sent the link.
 * The link item is marked used in the SAME transaction. After signing the link still opens the
 * contract read-only (status signed, the signed PDF) until it expires — the customer's copy.
 */
const NOT_VALID = REMOTE_SIGN_MESSAGES.linkInvalid;

interface ContractLinkItem extends Item {
  entityType: 'CONTRACT_LINK';
  rentalId: string;
  tokenHash: string;
  expiresAt: string;
  sentAt: string;
  sentBy: string;
  sentByName: string;
  sentTo: string;
  usedAt: string | null;
}

const linkKey = (tenantId: string, rentalId: string): Key => entityKey(tenantId, 'CONTRACT_LINK', rentalId);
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const isEmail = (v: unknown): v is string => typeof v === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

/** Email wording in the company's language (English or Arabic). */
const MAIL = {
  en: {
    subject: (n: string, company: string) => `Please sign your rental contract ${n} — ${company}`,
    body: (name: string, company: string, n: string, vehicle: string, url: string, hours: number) =>
      [
        `Dear ${name},`,
        '',
        `${company} has sent you rental contract ${n} (${vehicle}) to read and sign.`,
        `Open this link to read the contract and sign it on your phone or computer (valid ${hours} hours, for this contract only):`,
        '',
        url,
        '',
        'If you did not expect this email, you can ignore it.',
      ].join('\n'),
  },
  ar: {
    subject: (n: string, company: string) => `يرجى توقيع عقد الإيجار ${n} — ${company}`,
    body: (name: string, company: string, n: string, vehicle: string, url: string, hours: number) =>
      [
        `عزيزي/عزيزتي ${name}،`,
        '',
        `أرسلت لك ${company} عقد الإيجار ${n} (${vehicle}) لقراءته وتوقيعه.`,
        `افتح هذا الرابط لقراءة العقد وتوقيعه من هاتفك أو حاسوبك (صالح لمدة ${hours} ساعة، ولهذا العقد فقط):`,
        '',
        url,
        '',
        'إذا لم تكن تتوقع هذه الرسالة، يمكنك تجاهلها.',
      ].join('\n'),
  },
};

export const signLinkUrl = (token: string) => `${appUrl()}/contracts/sign?token=${encodeURIComponent(token)}`;

export async function sendContractForSignature(
  actor: Actor,
  rentalId: string,
  senderName: string,
): Promise<{ expiresAt: string; sentTo: string }> {
  const { tenantId } = actor;
  const rental = await getRentalItem(tenantId, rentalId);
  if (!rental) throw notFound('Rental not found');
  // Only a contract that can still be signed is sent (the desk's rules: draft, not cancelled/closed).
  await assertSignable(tenantId, rental);
  const customer = await readCustomer(tenantId, rental.customerId);
  if (!isEmail(customer?.email))
    throw badRequest(REMOTE_SIGN_MESSAGES.noEmail, { channel: REMOTE_SIGN_MESSAGES.noEmail });
  const settings = await readCompanySettings(tenantId);
  const now = new Date();
  const secret = randomBytes(32).toString('base64url');
  const token = `${tenantId}.${rental.id}.${secret}`;
  const expiresAt = new Date(now.getTime() + CONTRACT_LINK_HOURS * 3_600_000).toISOString();
  const item: ContractLinkItem = {
    ...linkKey(tenantId, rental.id),
    entityType: 'CONTRACT_LINK',
    rentalId: rental.id,
    tokenHash: hashOf(secret),
    expiresAt,
    sentAt: now.toISOString(),
    sentBy: actor.userId,
    sentByName: senderName,
    sentTo: customer.email,
    usedAt: null,
  };
  await transact([tx.put(item)]);
  const lang = settings.preferences?.language === 'ar' ? 'ar' : 'en';
  const company = String(settings.name ?? '');
  const m = MAIL[lang];
  await sendEmail({
    to: customer.email,
    subject: m.subject(rental.contractNumber, company),
    text: m.body(
      rental.customerName || customer.fullNameEnglish || '',
      company,
      rental.contractNumber,
      rental.vehicleLabel || '',
      signLinkUrl(token),
      CONTRACT_LINK_HOURS,
    ),
  });
  return { expiresAt, sentTo: customer.email };
}

async function assertSignable(tenantId: string, rental: RentalItem) {
  const signable = ['pending', 'active', 'overdue', 'completed'].includes(rental.status) && !rental.closedAt;
  if (contractStatusOf(rental) !== 'draft' || (await readRecord(tenantId, rental.id)))
    throw conflict(CONTRACT_MESSAGES.alreadySigned, undefined, 'CONFLICT');
  if (!signable) throw conflict(CONTRACT_MESSAGES.notSignable, undefined, 'INVALID_TRANSITION');
}

/** The link of a token, checked: shape, hash (constant time), expiry. */
async function linkOf(token: string): Promise<{ tenantId: string; link: ContractLinkItem; rental: RentalItem }> {
  const [tenantId, rentalId, secret, ...rest] = String(token ?? '').split('.');
  if (rest.length || !isUlid(tenantId ?? '') || !isUlid(rentalId ?? '') || !/^[A-Za-z0-9_-]{43}$/.test(secret ?? ''))
    throw notFound(NOT_VALID);
  const link = (await getItem(linkKey(tenantId, rentalId), true)) as ContractLinkItem | undefined;
  const expected = Buffer.from(link?.tokenHash ?? '0'.repeat(64));
  const given = Buffer.from(hashOf(secret));
  if (!link || given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound(NOT_VALID);
  if (Date.parse(link.expiresAt) <= Date.now()) throw notFound(REMOTE_SIGN_MESSAGES.linkExpired);
  const rental = await getRentalItem(tenantId, rentalId);
  if (!rental) throw notFound(NOT_VALID);
  return { tenantId, link, rental };
}

async function publicView(tenantId: string, link: ContractLinkItem, rental: RentalItem): Promise<PublicContract> {
  const [settings, contract] = await Promise.all([readCompanySettings(tenantId), rentalContract(tenantId, rental)]);
  const logoUrl = settings.logoKey
    ? await presignDownload(settings.logoKey, { expiresIn: 3600 }).catch(() => null)
    : null;
  return {
    contractNumber: rental.contractNumber,
    status: contract.status,
    company: { name: String(settings.name ?? ''), logoUrl },
    customerName: rental.customerName,
    vehicleLabel: rental.vehicleLabel || '',
    startDate: rental.startDate,
    expectedReturnDate: rental.openEnded ? null : (rental.expectedReturnDate ?? null),
    version: rental.version,
    expiresAt: link.expiresAt,
    signedAt: contract.signedAt,
    url: contract.url,
  };
}

export async function contractBySignToken(token: string): Promise<PublicContract> {
  const { tenantId, link, rental } = await linkOf(token);
  return publicView(tenantId, link, rental);
}

export async function signByToken(token: string, body: RemoteSignBody, requestId: string): Promise<PublicContract> {
  const { tenantId, link, rental } = await linkOf(token);
  const customer = readSignaturePng(body.customerSignature);
  if (!customer) throw validationFailed({ customerSignature: CONTRACT_MESSAGES.signatureInvalid });
  // The customer acts through the link (audited as such); the company's line names the sender.
  const actor: Actor = {
    tenantId: tenantId,
    userId: 'customer',
    username: 'customer (signing link)',
    requestId,
    role: 'STAFF',
  };
  const usedAt = new Date().toISOString();
  await storeSignedContract(actor, rental, {
    customer,
    customerName: body.customerName || rental.customerName,
    staffName: `${link.sentByName} (remote)`,
    version: body.version,
    // The link is used up with the signature: same hash (not replaced meanwhile), not used before.
    extra: [
      tx.raw('Update', {
        Key: linkKey(tenantId, link.rentalId),
        UpdateExpression: 'SET usedAt = :at',
        ConditionExpression: 'tokenHash = :h AND (attribute_not_exists(usedAt) OR usedAt = :null)',
        ExpressionAttributeValues: { ':at': usedAt, ':h': link.tokenHash, ':null': null },
      }),
    ],
  });
  const after = await getRentalItem(tenantId, link.rentalId);
  return publicView(tenantId, { ...link, usedAt }, after ?? rental);
}
