import type { EmailInvoiceBody } from '../../shared/schemas/invoices';
import { INVOICE_MESSAGES } from '../../shared/schemas/invoices-constants';
import { formatMoney } from '../../shared/money';
import { formatDate } from '../../shared/regions';
import { auditItem } from '../lib/data/audit';
import { getItem, transact, tx, updateRaw } from '../lib/data/repo';
import { sendEmail } from '../lib/email';
import { conflict, validationFailed } from '../lib/errors';
import { DOWNLOAD_URL_TTL_SECONDS, getObjectBytes, putObject, tenantPrefix } from '../lib/storage';
import { loadS3 } from '../lib/clients/s3-lazy';
import { config } from '../lib/config';
import type { Actor } from '../lib/actor';
import { EDOC_MESSAGES } from '../../shared/schemas/einvoicing';
import { notFound } from '../lib/errors';
import {
  isReleased,
  readEDocumentXml,
  readEDocuments,
  readInvoiceSettings,
  type EDocItem,
  type InvoiceSettings,
} from './deps';
import { readInvoiceItem } from './draft';
import {
  creditNoteKey,
  debitNoteKey,
  invoiceKey,
  type CreditNoteItem,
  type DebitNoteItem,
  type InvoiceItem,
} from './model';
import { debitNotesOf } from './read';
import type { InvoiceDocumentQuery } from '../../shared/schemas/invoices';

/**
 * Invoice documents in S3 (issue 19). Once an invoice (or credit note) is issued its PDF is
 * written ONCE under an immutable, versioned key — `tenants/{t}/invoices/{id}/v{n}-{number}.pdf`
 * — and the key is recorded on the item with a condition (the first writer wins; later requests
 * serve that object). Nothing ever overwrites an issued document; a correction is a credit note
 * with its own PDF. A draft's PDF is a preview, regenerated on each request under `draft.pdf`.
 * Downloads are short-lived presigned GETs.
 */
const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_');

async function readLogo(settings: InvoiceSettings): Promise<Uint8Array | undefined> {
  if (!settings.showLogo || !settings.logoKey) return undefined;
  try {
    return (await getObjectBytes(settings.logoKey))?.body;
  } catch {
    return undefined; // a missing logo must not stop the invoice
  }
}

/**
 * The e-document of an issued invoice or credit note (issue 29), checked for release: a standard Saudi document
 * is not given to the buyer (PDF, email) before ZATCA cleared it — 409 notReleased, and no PDF is written.
 */
async function releasedEDocument(tenantId: string, documentId: string): Promise<EDocItem | undefined> {
  const [edoc] = await readEDocuments(tenantId, [documentId]);
  if (edoc && !isReleased(edoc)) throw conflict(EDOC_MESSAGES.notReleased, undefined, 'INVALID_TRANSITION');
  return edoc;
}

async function render(
  invoice: InvoiceItem,
  settings: InvoiceSettings,
  note: { creditNote?: CreditNoteItem; debitNote?: DebitNoteItem } = {},
): Promise<Uint8Array> {
  const documentId = note.creditNote?.id ?? note.debitNote?.id ?? invoice.id;
  const edoc = invoice.number ? await releasedEDocument(invoice.tenantId, documentId) : undefined;
  // pdf-lib, fontkit and qrcode are heavy: loaded on the first document, not at cold start.
  const { renderInvoicePdf } = await import('./pdf');
  return renderInvoicePdf({ invoice, settings, logo: await readLogo(settings), ...note, qr: edoc?.qr });
}

/** The stored key of an issued invoice's PDF, writing it the first time. */
export async function ensureInvoicePdf(
  tenantId: string,
  invoice: InvoiceItem,
  settings?: InvoiceSettings,
): Promise<{ key: string; fileName: string; bytes?: Uint8Array }> {
  const s = settings ?? (await readInvoiceSettings(tenantId));
  if (invoice.status === 'draft' || !invoice.number) {
    const key = `${tenantPrefix(tenantId, 'invoices', invoice.id)}draft.pdf`;
    const bytes = await render(invoice, s);
    await putObject(key, bytes, 'application/pdf');
    return { key, fileName: `draft-${invoice.id}.pdf`, bytes };
  }
  const fileName = `${safe(invoice.number)}.pdf`;
  if (invoice.pdfKey) return { key: invoice.pdfKey, fileName };
  const version = (invoice.pdfVersion ?? 0) + 1;
  const key = `${tenantPrefix(tenantId, 'invoices', invoice.id)}v${version}-${fileName}`;
  const bytes = await render(invoice, s);
  await putObject(key, bytes, 'application/pdf', { 'invoice-number': invoice.number });
  try {
    await updateRaw({
      Key: invoiceKey(tenantId, invoice.id),
      UpdateExpression: 'SET pdfKey = :k, pdfVersion = :v',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(pdfKey) OR pdfKey = :null)',
      ExpressionAttributeValues: { ':k': key, ':v': version, ':null': null },
    });
    return { key, fileName, bytes };
  } catch (err) {
    if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    const current = (await getItem(invoiceKey(tenantId, invoice.id), true)) as InvoiceItem | undefined;
    return { key: current?.pdfKey ?? key, fileName };
  }
}

export async function ensureCreditNotePdf(
  tenantId: string,
  invoice: InvoiceItem,
  settings?: InvoiceSettings,
): Promise<{ key: string; fileName: string }> {
  const note = invoice.creditNoteId
    ? ((await getItem(creditNoteKey(tenantId, invoice.creditNoteId), true)) as CreditNoteItem | undefined)
    : undefined;
  if (!note) throw conflict('This invoice has no credit note', undefined, 'INVALID_TRANSITION');
  const fileName = `${safe(note.number)}.pdf`;
  if (note.pdfKey) return { key: note.pdfKey, fileName };
  const key = `${tenantPrefix(tenantId, 'invoices', invoice.id)}credit-note-v1-${fileName}`;
  await putObject(
    key,
    await render(invoice, settings ?? (await readInvoiceSettings(tenantId)), { creditNote: note }),
    'application/pdf',
    { 'credit-note-number': note.number },
  );
  await updateRaw({
    Key: creditNoteKey(tenantId, note.id),
    UpdateExpression: 'SET pdfKey = if_not_exists(pdfKey, :k)',
    ExpressionAttributeValues: { ':k': key },
  }).catch(() => undefined);
  return { key, fileName };
}

/** The debit note the query names (its id, default the latest), or 404. */
async function debitNoteOf(tenantId: string, invoice: InvoiceItem, debitNoteId?: string): Promise<DebitNoteItem> {
  const notes = await debitNotesOf(tenantId, invoice.id);
  const note = debitNoteId ? notes.find((n) => n.id === debitNoteId) : notes.at(-1);
  if (!note) throw notFound(INVOICE_MESSAGES.noDebitNote);
  return note;
}

/** A debit note's PDF, written once (as the credit note's). */
async function ensureDebitNotePdf(
  tenantId: string,
  invoice: InvoiceItem,
  note: DebitNoteItem,
): Promise<{ key: string; fileName: string }> {
  const fileName = `${safe(note.number)}.pdf`;
  if (note.pdfKey) return { key: note.pdfKey, fileName };
  const key = `${tenantPrefix(tenantId, 'invoices', invoice.id)}debit-note-v1-${fileName}`;
  const bytes = await render(invoice, await readInvoiceSettings(tenantId), { debitNote: note });
  await putObject(key, bytes, 'application/pdf', { 'debit-note-number': note.number });
  await updateRaw({
    Key: debitNoteKey(tenantId, invoice.id, note.id),
    UpdateExpression: 'SET pdfKey = if_not_exists(pdfKey, :k)',
    ExpressionAttributeValues: { ':k': key },
  }).catch(() => undefined);
  return { key, fileName };
}

/** The e-document's XML (GET /invoices/{id}/xml): as issued, or ZATCA's cleared copy; 404 when there is none. */
export async function invoiceXml(tenantId: string, id: string, q: InvoiceDocumentQuery) {
  const invoice = await readInvoiceItem(tenantId, id);
  const documentId =
    q.document === 'credit_note'
      ? invoice.creditNoteId
      : q.document === 'debit_note'
        ? (await debitNoteOf(tenantId, invoice, q.debitNoteId)).id
        : invoice.number
          ? invoice.id
          : null;
  const xml = documentId ? await readEDocumentXml(tenantId, documentId) : undefined;
  if (!xml) throw notFound(EDOC_MESSAGES.noDocument);
  return xml;
}

export async function invoicePdfUrl(tenantId: string, id: string, q: InvoiceDocumentQuery) {
  const invoice = await readInvoiceItem(tenantId, id);
  const { key, fileName } =
    q.document === 'credit_note'
      ? await ensureCreditNotePdf(tenantId, invoice)
      : q.document === 'debit_note'
        ? await ensureDebitNotePdf(tenantId, invoice, await debitNoteOf(tenantId, invoice, q.debitNoteId))
        : await ensureInvoicePdf(tenantId, invoice);
  return { url: await presignAttachment(key, fileName), fileName };
}

/** A presigned GET that downloads as a file (attachment), as the contract download does. */
async function presignAttachment(key: string, fileName: string): Promise<string> {
  const { getSignedUrl, s3PresignClient, GetObjectCommand } = await loadS3();
  return getSignedUrl(
    s3PresignClient(),
    new GetObjectCommand({
      Bucket: config().documentsBucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName}"`,
    }),
    { expiresIn: DOWNLOAD_URL_TTL_SECONDS },
  );
}

/** Emails the issued invoice with its PDF attached (SES v2; the local emulator keeps it). */
export async function emailInvoice(actor: Actor, id: string, body: EmailInvoiceBody) {
  const invoice = await readInvoiceItem(actor.tenantId, id);
  if (invoice.status === 'draft') throw conflict(INVOICE_MESSAGES.emailDraft, undefined, 'INVALID_TRANSITION');
  const to = body.to ?? invoice.customer.email ?? undefined;
  if (!to) throw validationFailed({ to: INVOICE_MESSAGES.noEmail });
  const settings = await readInvoiceSettings(actor.tenantId);
  const pdf = await ensureInvoicePdf(actor.tenantId, invoice, settings);
  const bytes = pdf.bytes ?? (await getObjectBytes(pdf.key))?.body;
  if (!bytes) throw conflict('The invoice document is not available. Try again.');
  const amount = formatMoney(invoice.balanceMinor, invoice.region, 'en', { display: 'code' });
  const number = invoice.number!;
  const { messageId } = await sendEmail({
    to,
    replyTo: settings.email || undefined,
    subject: `${settings.companyName}: invoice ${number} / فاتورة ${number}`,
    text: [
      `Dear ${invoice.customer.name},`,
      '',
      `Please find attached invoice ${number} for rental ${invoice.rentalReference}. Balance due: ${amount}${invoice.dueDate ? ` by ${formatDate(invoice.dueDate, invoice.region, 'en')}` : ''}.`,
      '',
      `مرفق الفاتورة ${number} الخاصة بالإيجار ${invoice.rentalReference}. الرصيد المستحق: ${amount}${invoice.dueDate ? ` بتاريخ ${formatDate(invoice.dueDate, invoice.region, 'ar')}` : ''}.`,
      '',
      settings.companyName,
    ].join('\n'),
    attachments: [{ fileName: pdf.fileName, contentType: 'application/pdf', bytes }],
  });
  const at = new Date().toISOString();
  await transact([
    tx.raw('Update', {
      Key: invoiceKey(actor.tenantId, id),
      UpdateExpression: 'SET emailedAt = :at, emailedTo = :to',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at, ':to': to },
    }),
    tx.putNew(auditItem(actor, 'invoice.email', 'invoice', id, { after: { to, number } })),
  ]);
  return { sentTo: to, messageId };
}
