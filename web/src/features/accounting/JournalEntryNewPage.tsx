/**
 * /dashboard/accounting/journal-entries/new: a manual journal entry. Lines with an account, a
 * debit or a credit, and a VAT code of the company's region; live debit and credit totals; Post
 * stays disabled until the entry balances (the engine checks the same again and answers 400).
 * Attachments (the supplier's invoice, the lease) upload first through a presigned PUT with a
 * progress bar; the entry is posted with their keys.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { vatCodesOf } from '../../../../shared/accounting/vat';
import { fromMinor, toMinor } from '../../../../shared/money';
import { JOURNAL_ATTACHMENTS_MAX } from '../../../../shared/schemas/accounting';
import { isRegionCode } from '../../../../shared/regions';
import { FormField } from '../../components/FormField';
import { ListTable } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast/toast-store';
import { useLanguage, useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useCompanyLocale } from '../../lib/display-region';
import { useFormat } from '../../lib/format';
import { useInvalidate } from '../../lib/invalidate';
import { useFormSubmit } from '../../lib/use-form-submit';
import { ACCOUNTING_PATH, accountingApi, useToday } from './accounting-api';
import { AccountSelect, ReportLinks, useAccounts } from './ReportKit';
import { type BodyOf } from '../../lib/api-client';

interface Line {
  accountId: string;
  debit: string;
  credit: string;
  vatCode: string;
}
const EMPTY: Line = { accountId: '', debit: '', credit: '', vatCode: '' };

/** Minor units of a typed amount; undefined when empty or not a valid amount. */
function minorOf(text: string): number | undefined {
  if (!text.trim()) return undefined;
  try {
    const m = toMinor(text.trim());
    return m > 0 ? m : undefined;
  } catch {
    return undefined;
  }
}

export default function JournalEntryNewPage() {
  const t = useT();
  const f = useFormat();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const accounts = useAccounts();
  const company = useCompanyLocale();
  const vatCodes = company.region && isRegionCode(company.region) ? vatCodesOf(company.region) : [];
  const today = useToday();
  const [pickedDate, setDate] = useState('');
  const date = pickedDate || today;
  const [description, setDescription] = useState('');
  const [reference, setReference] = useState('');
  const [lines, setLines] = useState<Line[]>([{ ...EMPTY }, { ...EMPTY }]);
  const [attachments, setAttachments] = useState<{ key: string; name: string }[]>([]);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [idempotencyKey] = useState(() => `je-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`);
  const n = (k: string, p?: Record<string, string | number>) => t(`accounting.ui.newEntry.${k}`, p);

  const form = useFormSubmit(null, async (body: BodyOf<'createJournalEntry'>) => {
    try {
      const entry = await accountingApi.postEntry(body, idempotencyKey);
      toast({ variant: 'success', title: n('posted', { number: entry.entryNumber }) });
      await invalidate(ACCOUNTING_PATH);
      navigate(`/dashboard/accounting/journal-entries?entry=${encodeURIComponent(entry.id)}`);
      return {};
    } catch (error) {
      return toastApiError(n('postFailed'), error).fields;
    }
  });
  const errors = form.errors;

  const totals = useMemo(
    () =>
      lines.reduce(
        (s, l) => ({ debit: s.debit + (minorOf(l.debit) ?? 0), credit: s.credit + (minorOf(l.credit) ?? 0) }),
        { debit: 0, credit: 0 },
      ),
    [lines],
  );
  const linesComplete = lines.filter(
    (l) => l.accountId && (minorOf(l.debit) !== undefined) !== (minorOf(l.credit) !== undefined),
  );
  const balanced = totals.debit > 0 && totals.debit === totals.credit;
  const canPost =
    balanced &&
    linesComplete.length >= 2 &&
    linesComplete.length === lines.filter((l) => l.accountId || l.debit || l.credit).length &&
    !!description.trim() &&
    !form.saving &&
    uploadProgress === null;

  const attach = async (file: File | undefined) => {
    if (!file) return;
    setUploadProgress(0);
    try {
      const target = await accountingApi.uploadAttachment(file, setUploadProgress);
      setAttachments((list) => [...list, { key: target.key, name: file.name }]);
      form.setErrors(({ attachments: _done, ...rest }) => rest);
    } catch (error) {
      form.setErrors((prev) => ({ ...prev, ...toastApiError(n('attachFailed'), error).fields }));
    } finally {
      setUploadProgress(null);
    }
  };

  const update = (i: number, patch: Partial<Line>) =>
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canPost) return;
    const body = {
      date,
      description: description.trim(),
      reference: reference.trim() || undefined,
      attachments: attachments.length ? attachments : undefined,
      lines: linesComplete.map((l) => {
        const debit = minorOf(l.debit);
        return {
          accountId: l.accountId,
          type: debit !== undefined ? 'debit' : 'credit',
          amount: fromMinor(debit ?? minorOf(l.credit)!),
          vatCode: l.vatCode || undefined,
        };
      }),
    };
    // The form's draft: the server checks it against the route's body schema (400 with field errors).
    void form.submit(body as BodyOf<'createJournalEntry'>);
  };

  return (
    <div>
      <PageHeader title={n('title')} />
      <ReportLinks current="journalEntryNew" />
      <form onSubmit={(e) => void submit(e)} className="space-y-6" noValidate>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label={t('accounting.ui.journal.date')} name="date" error={errors.date} required>
            <input type="date" className="field-input" value={date} onChange={(e) => setDate(e.target.value)} />
          </FormField>
          <FormField
            label={t('accounting.ui.journal.description')}
            name="description"
            error={errors.description}
            required
            className="sm:col-span-2"
          >
            <input
              className="field-input"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              maxLength={500}
            />
          </FormField>
          <FormField label={n('reference')} name="reference" error={errors.reference}>
            <input
              className="field-input"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              maxLength={100}
            />
          </FormField>
        </div>
        <ListTable
          columns={[
            '#',
            t('accounting.reports.account'),
            t('accounting.ui.journal.vatCode'),
            { label: t('accounting.reports.debit'), end: true },
            { label: t('accounting.reports.credit'), end: true },
            <span key="actions" className="sr-only">
              {t('accounting.ui.tree.actions')}
            </span>,
          ]}
          footer={
            <tr>
              <td className="px-3 py-2" colSpan={3}>
                {n('totals')}
              </td>
              <td className="px-3 py-2 text-end tabular-nums" data-testid="total-debit">
                {f.moneyMinor(totals.debit)}
              </td>
              <td className="px-3 py-2 text-end tabular-nums" data-testid="total-credit">
                {f.moneyMinor(totals.credit)}
              </td>
              <td className="px-3 py-2" data-testid="balance-state">
                {balanced
                  ? t('accounting.ui.balanced')
                  : t('accounting.ui.difference', { amount: f.moneyMinor(Math.abs(totals.debit - totals.credit)) })}
              </td>
            </tr>
          }
        >
          {lines.map((l, i) => (
            <tr key={i} data-line={i + 1}>
              <td className="px-3 py-2 tabular-nums">{i + 1}</td>
              <td className="px-3 py-2">
                <AccountSelect
                  id={`line-${i + 1}-account`}
                  label={`${t('accounting.reports.account')} ${i + 1}`}
                  allLabel={t('accounting.ui.chooseAccount')}
                  accounts={accounts.data?.items ?? []}
                  value={l.accountId}
                  onChange={(accountId) => update(i, { accountId })}
                  className="min-w-56 [&>span]:sr-only"
                />
              </td>
              <td className="px-3 py-2">
                <label
                  className="sr-only"
                  htmlFor={`line-${i + 1}-vat`}
                >{`${t('accounting.ui.journal.vatCode')} ${i + 1}`}</label>
                <select
                  id={`line-${i + 1}-vat`}
                  className="field-input"
                  value={l.vatCode}
                  onChange={(e) => update(i, { vatCode: e.target.value })}
                >
                  <option value="">{t('accounting.ui.journal.noVat')}</option>
                  {vatCodes.map((c) => (
                    <option key={c.code} value={c.code}>
                      {language === 'ar' ? c.labelAr : c.label}
                    </option>
                  ))}
                </select>
              </td>
              <td className="px-3 py-2">
                <label
                  className="sr-only"
                  htmlFor={`line-${i + 1}-debit`}
                >{`${t('accounting.reports.debit')} ${i + 1}`}</label>
                <input
                  id={`line-${i + 1}-debit`}
                  className="field-input w-32 text-end tabular-nums"
                  inputMode="decimal"
                  dir="ltr"
                  value={l.debit}
                  onChange={(e) => update(i, { debit: e.target.value, credit: e.target.value ? '' : l.credit })}
                />
              </td>
              <td className="px-3 py-2">
                <label
                  className="sr-only"
                  htmlFor={`line-${i + 1}-credit`}
                >{`${t('accounting.reports.credit')} ${i + 1}`}</label>
                <input
                  id={`line-${i + 1}-credit`}
                  className="field-input w-32 text-end tabular-nums"
                  inputMode="decimal"
                  dir="ltr"
                  value={l.credit}
                  onChange={(e) => update(i, { credit: e.target.value, debit: e.target.value ? '' : l.debit })}
                />
              </td>
              <td className="px-3 py-2">
                {lines.length > 2 && (
                  <button
                    type="button"
                    className="btn-ghost"
                    onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
                  >
                    {n('removeLine', { n: i + 1 })}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
        {errors.lines && <p className="field-error">{errors.lines}</p>}
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{n('attachments')}</legend>
          <p className="text-sm text-slate-600 dark:text-slate-300" id="attachments-hint">
            {n('attachmentsHint')}
          </p>
          {attachments.length > 0 && (
            <ul className="space-y-1" data-testid="attachment-list">
              {attachments.map((a) => (
                <li key={a.key} className="flex items-center gap-3 text-sm">
                  <span className="truncate">{a.name}</span>
                  <button
                    type="button"
                    className="btn-ghost"
                    aria-label={n('removeAttachment', { name: a.name })}
                    onClick={() => setAttachments((list) => list.filter((x) => x.key !== a.key))}
                  >
                    {n('remove')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {attachments.length < JOURNAL_ATTACHMENTS_MAX && (
            <label className="inline-flex cursor-pointer items-center gap-2">
              <span className="btn-secondary">{n('attach')}</span>
              <input
                type="file"
                className="sr-only"
                accept="application/pdf,image/jpeg,image/png"
                aria-describedby="attachments-hint"
                disabled={uploadProgress !== null}
                onChange={(e) => {
                  void attach(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </label>
          )}
          {uploadProgress !== null && (
            <progress
              max={100}
              value={uploadProgress}
              className="h-2 w-64"
              aria-label={n('uploading', { percent: uploadProgress })}
            />
          )}
          {errors.attachments && (
            <p className="field-error" role="alert">
              {errors.attachments}
            </p>
          )}
          {errors.contentType && (
            <p className="field-error" role="alert">
              {errors.contentType}
            </p>
          )}
        </fieldset>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <button
            type="button"
            className="btn-secondary"
            onClick={() => setLines((ls) => [...ls, { ...EMPTY }])}
            disabled={lines.length >= 50}
          >
            {n('addLine')}
          </button>
          <div className="flex items-center gap-3">
            {!balanced && <p className="text-sm text-slate-600 dark:text-slate-300">{n('hint')}</p>}
            <button type="submit" className="btn-primary" disabled={!canPost} aria-busy={form.saving}>
              {form.saving ? n('posting') : n('post')}
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}
