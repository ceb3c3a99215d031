import { ulid } from 'ulid';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES } from '../../shared/constants';
import { FINANCE_CATEGORIES, FINANCE_MESSAGES, type CreateFinanceEntryBody } from '../../shared/schemas/finance';
import { fromMinor, toMinor } from '../../shared/money';
import type { Actor } from '../lib/actor';
import { entityKey, tenantPk } from '../lib/data/keys';
import { runIdempotent, type StoredResponse } from '../lib/data/idempotency';
import { queryPage, type Item } from '../lib/data/repo';
import { validationFailed } from '../lib/errors';
import {
  checkUpload,
  headObject,
  isKeyInPrefix,
  newObjectKey,
  presignDownload,
  presignUpload,
  tenantPrefix,
  type UploadLimits,
} from '../lib/storage';
import { bookAccounts, journalItems } from './deps';
import { readCompanySettings } from '../lib/company-settings';
import { resolveMoneyAccount } from './accounts';
import { entryLines, inputVatOf } from './entry-lines';
import { companyDay, journalEntryIdOf, reverseMovement, writeMovement } from './movements';

/**
 * Finance entries (issue 10): income or expense of the company outside rentals, paid from or into
 * the cash box, petty cash or a bank account. An entry is a view of its journal entry: the item
 * and the journal (money account against the category's income/expense account) are written in
 * ONE transaction through accounting/api; balances come from the GL. Entries are never edited —
 * a correction is a reversal (POST …/entries/{id}/reverse).
 *
 * An optional receipt (PDF/JPG/PNG ≤ 10 MB) goes through lib/storage like journal attachments:
 * presigned PUT under tenants/{t}/finance-receipts/, then the entry is posted with its key; the
 * entry is refused unless the key is an uploaded file of this company within the limits.
 *
 * Input VAT (issue 26): an expense may carry the VAT of its tax invoice (`vatAmount`, inside the
 * amount; see the schema). When the company's VAT is on and its country has input VAT, the
 * expense is posted net and the VAT to input VAT with the region's input code (entry-lines.ts),
 * so the VAT return counts it; otherwise a VAT amount is refused (400 on `vatAmount`, nothing
 * written). The reversal of the entry reverses every line, the VAT included.
 *
 * Items: pk `T#{t}#FINANCE_ENTRY`, sk `{id}` (ULID: newest first when read backwards).
 */
const entryKey = (tenantId: string, id: string) => entityKey(tenantId, 'FINANCE_ENTRY', id);

const RECEIPT_LIMITS: UploadLimits = {
  contentTypes: DOCUMENT_MIME_TYPES,
  maxBytes: DOCUMENT_MAX_BYTES,
  messages: { type: FINANCE_MESSAGES.receiptType, tooLarge: FINANCE_MESSAGES.receiptTooLarge },
};
const receiptPrefix = (tenantId: string) => tenantPrefix(tenantId, 'finance-receipts');

export async function receiptUploadUrl(
  tenantId: string,
  body: { fileName: string; contentType: string; size: number },
) {
  checkUpload(RECEIPT_LIMITS, body);
  const upload = await presignUpload(newObjectKey(receiptPrefix(tenantId), body.fileName), body.contentType, {
    size: body.size,
  });
  return { uploadUrl: upload.uploadUrl, key: upload.key, method: upload.method, headers: upload.headers };
}

async function checkReceipt(tenantId: string, receipt: CreateFinanceEntryBody['receipt']) {
  if (!receipt) return;
  if (!isKeyInPrefix(receiptPrefix(tenantId), receipt.key))
    throw validationFailed({ receipt: FINANCE_MESSAGES.receiptInvalid });
  const head = await headObject(receipt.key);
  if (!head) throw validationFailed({ receipt: FINANCE_MESSAGES.receiptInvalid });
  checkUpload(RECEIPT_LIMITS, { contentType: head.contentType ?? '', size: head.size });
}

export async function createFinanceEntry(
  actor: Actor,
  body: CreateFinanceEntryBody,
  idempotencyKey?: string,
): Promise<StoredResponse> {
  const { tenantId } = actor;
  return runIdempotent(tenantId, 'finance-entry', idempotencyKey, async (record) => {
    const categoryCode = (FINANCE_CATEGORIES[body.type] as Record<string, string>)[body.category];
    if (!categoryCode)
      throw validationFailed({ category: FINANCE_MESSAGES.categoryInvalid }, FINANCE_MESSAGES.fillRequired);
    const [books, settings] = await Promise.all([bookAccounts(tenantId), readCompanySettings(tenantId)]);
    const ids = books.accountIds;
    const amountMinor = toMinor(body.amount);
    const vatMinor = body.type === 'expense' && body.vatAmount ? toMinor(body.vatAmount) : 0;
    const vat = vatMinor ? inputVatOf(books, settings) : null;
    if (vat && !vat.ok) throw validationFailed({ vatAmount: vat.message }, vat.message);
    if (vatMinor >= amountMinor && vatMinor > 0)
      throw validationFailed({ vatAmount: FINANCE_MESSAGES.vatTooLarge }, FINANCE_MESSAGES.vatTooLarge);
    const [money] = await Promise.all([
      resolveMoneyAccount(tenantId, body.account, ids),
      checkReceipt(tenantId, body.receipt),
    ]);
    if (!money) throw validationFailed({ account: FINANCE_MESSAGES.accountInvalid }, FINANCE_MESSAGES.accountInvalid);
    const other = ids[categoryCode];
    if (!other) throw validationFailed({ category: FINANCE_MESSAGES.categoryInvalid }, FINANCE_MESSAGES.fillRequired);
    const id = ulid();
    const date = body.date ?? (await companyDay(tenantId));
    const income = body.type === 'income';
    const journal = await journalItems(tenantId, {
      date,
      description: `${income ? 'Income' : 'Expense'}: ${body.category.replace(/_/g, ' ')}${body.notes ? ` — ${body.notes}` : ''}`,
      reference: null,
      source: 'finance',
      sourceId: id,
      createdBy: actor.userId,
      lines: entryLines({
        type: body.type,
        amountMinor,
        vatMinor,
        moneyAccountId: money.glAccountId,
        categoryAccountId: other,
        ...(vat?.ok
          ? { inputVatAccountId: vat.accountId, inputVatCode: vat.code, vatRatePercent: vat.ratePercent }
          : { inputVatCode: null, vatRatePercent: null }),
      }),
      ...(body.receipt ? { attachments: [body.receipt] } : {}),
    });
    const item: Item = {
      ...entryKey(tenantId, id),
      entityType: 'FINANCE_ENTRY',
      id,
      tenantId,
      type: body.type,
      amountMinor,
      vatMinor: vatMinor || null,
      category: body.category,
      notes: body.notes ?? null,
      date,
      account: body.account,
      journalEntryId: journalEntryIdOf(journal),
      receipt: body.receipt ?? null,
      createdBy: actor.userId,
      createdAt: new Date().toISOString(),
    };
    return writeMovement(
      actor,
      item,
      journal,
      {
        action: 'finance.entry',
        entity: 'finance_entry',
        after: {
          type: body.type,
          amount: body.amount,
          vatAmount: vatMinor ? fromMinor(vatMinor) : null,
          category: body.category,
          account: body.account,
        },
      },
      record,
      toApi,
    );
  });
}

export function toApi(item: Item) {
  return {
    id: String(item.id),
    type: item.type as 'income' | 'expense',
    amount: fromMinor(Number(item.amountMinor)),
    category: String(item.category),
    notes: (item.notes as string | null) ?? null,
    date: String(item.date),
    account: String(item.account),
    journalEntryId: String(item.journalEntryId ?? ''),
    createdAt: String(item.createdAt),
    receipt: null as { name: string; url: string } | null,
    reversed: Boolean(item.reversedAt),
    vatAmount: item.vatMinor ? fromMinor(Number(item.vatMinor)) : null,
  };
}

/** The API entry with a short-lived download link of its receipt (signing is local: no S3 call). */
async function withReceipt(item: Item) {
  const receipt = item.receipt as { key: string; name: string } | null | undefined;
  return {
    ...toApi(item),
    receipt: receipt
      ? { name: receipt.name, url: await presignDownload(receipt.key, { fileName: receipt.name }) }
      : null,
  };
}

export async function listFinanceEntries(
  tenantId: string,
  query: { type?: 'income' | 'expense'; limit: number; cursor?: string },
) {
  const page = await queryPage<Item>({
    tenantId,
    pk: tenantPk(tenantId, 'FINANCE_ENTRY'),
    forward: false,
    limit: query.limit,
    cursor: query.cursor,
    signature: [query.type],
    filter: query.type ? { expression: '#t = :t', names: { '#t': 'type' }, values: { ':t': query.type } } : undefined,
  });
  return { items: await Promise.all(page.items.map(withReceipt)), nextCursor: page.nextCursor };
}

export const reverseFinanceEntry = (actor: Actor, id: string, reason: string | undefined, idempotencyKey?: string) =>
  reverseMovement(actor, 'FINANCE_ENTRY', id, reason, idempotencyKey, toApi);
