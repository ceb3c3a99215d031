/**
 * The "E-invoice" block of an invoice (and of its credit note) on the invoice page (issue 29): the document's
 * submission state, ICV, UUID and hash, the network's warnings and errors as it sent them, and "Download XML".
 * While a standard Saudi invoice awaits clearance (`released` false) the invoice page shows `NotReleasedNotice`
 * instead of its PDF and email actions.
 */
import { useState } from 'react';
import { StatusPill } from '../../components/StatusPill';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useDateTime } from '../../lib/company-clock';
import { downloadInvoiceXml, EDOC_TONES, type EDocSummary, type XmlDocument } from './einvoicing-api';

const TITLES = { invoice: 'block', credit_note: 'creditNoteBlock', debit_note: 'debitNoteBlock' } as const;
const TEST_IDS = { invoice: 'einvoice-block', credit_note: 'einvoice-block-cn', debit_note: 'einvoice-block-dn' };

const MESSAGE_TONES = {
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  warning: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
} as const;

/** The network's messages (ZATCA's words, not translated: they are what ZATCA answered). */
export function EDocMessages({
  title,
  messages,
  tone,
  compact = false,
}: {
  title?: string;
  messages: string[];
  tone: keyof typeof MESSAGE_TONES;
  compact?: boolean;
}) {
  return (
    <div
      className={compact ? '' : `rounded-ui border p-2 text-sm ${MESSAGE_TONES[tone]}`}
      data-testid={`edoc-${tone}s`}
    >
      {title && <p className="font-semibold">{title}</p>}
      <ul className={compact ? 'space-y-0.5' : 'list-disc space-y-0.5 ps-5'}>
        {messages.map((m) => (
          <li
            key={m}
            dir="auto"
            className={
              compact
                ? tone === 'error'
                  ? 'text-red-800 dark:text-red-300'
                  : 'text-amber-800 dark:text-amber-300'
                : ''
            }
          >
            {m}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function NotReleasedNotice() {
  const t = useT();
  return (
    <p
      role="status"
      className="rounded-ui border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      data-testid="einvoice-not-released"
    >
      {t('einvoicing.edocMessages.notReleased')}
    </p>
  );
}

export function EInvoiceBlock({
  doc,
  invoiceId,
  document = 'invoice',
  debitNoteId,
}: {
  doc: EDocSummary;
  invoiceId: string;
  document?: XmlDocument;
  /** With `document="debit_note"`: which of the invoice's debit notes. */
  debitNoteId?: string;
}) {
  const t = useT();
  const dt = useDateTime();
  const [busy, setBusy] = useState(false);
  const u = (k: string, p?: Record<string, string>) => t(`einvoicing.ui.${k}`, p);
  const download = async () => {
    setBusy(true);
    try {
      await downloadInvoiceXml(invoiceId, doc.number, document, debitNoteId);
    } catch (error) {
      toastApiError(u('downloadXmlFailed'), error);
    } finally {
      setBusy(false);
    }
  };
  const row = (label: string, value: string, mono = false) => (
    <>
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      {/* Identifiers read left to right inside the reader's direction (they stay beside their label in Arabic). */}
      <dd className={mono ? 'font-mono text-xs break-all' : ''}>{mono ? <span dir="ltr">{value}</span> : value}</dd>
    </>
  );
  return (
    <section className="card space-y-3" data-testid={TEST_IDS[document]}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
          {u(TITLES[document], { number: doc.number })}
          <StatusPill status={doc.status} labelKey="einvoicing.docStatus" tones={EDOC_TONES} testId="einvoice-status" />
          <span className="text-sm font-normal text-slate-600 dark:text-slate-300">
            {t(`einvoicing.profile.${doc.profile}`)} · {t(`einvoicing.network.${doc.network}`)}
          </span>
        </h2>
        <button type="button" className="btn-secondary" onClick={() => void download()} disabled={busy}>
          {busy ? u('downloadingXml') : u('downloadXml')}
        </button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {doc.icv !== undefined && row(u('icv'), String(doc.icv))}
        {row(u('uuid'), doc.uuid, true)}
        {doc.hash && row(u('hash'), doc.hash, true)}
        {doc.submittedAt && row(u('submittedAt'), dt(doc.submittedAt, true))}
        {doc.attempts > 0 && !doc.submittedAt && row(u('attempts'), String(doc.attempts))}
        {doc.nextAttemptAt && !doc.submittedAt && row(u('nextAttempt'), dt(doc.nextAttemptAt, true))}
      </dl>
      {doc.errors.length > 0 && <EDocMessages title={u('errors')} messages={doc.errors} tone="error" />}
      {doc.warnings.length > 0 && <EDocMessages title={u('warnings')} messages={doc.warnings} tone="warning" />}
    </section>
  );
}
