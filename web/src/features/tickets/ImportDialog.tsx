/**
 * Statement import (issue 13): file or pasted CSV → preview (server reads, maps, matches and
 * checks every row) → the user adjusts the column mapping if needed → import of the valid new
 * rows. The server remembers the mapping per source; a re-import creates nothing new.
 */
import { useState } from 'react';
import { guessMapping, SALIK_IMPORT_FIELDS, TICKET_IMPORT_FIELDS } from '../../../../shared/tickets/statement';
import { parseCsv } from '../../../../shared/csv';
import { DialogActions, Modal } from '../../components/Dialogs';
import { FormField } from '../../components/FormField';
import { ListTable } from '../../components/ListKit';
import { StatusPill } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError, translateApiError, translateMessage } from '../../lib/api-errors';
import { useMoney } from '../../lib/money';
import { useDateTime } from '../../lib/company-clock';
import { MATCH_TONES, ticketsApi, type ImportResult } from './tickets-api';

const headersOf = (csv: string) => (parseCsv(csv.split(/\r?\n/)[0] ?? '')[0] ?? []).map((h) => h.trim());

const OUTCOME_TONES = { create: 'green', duplicate: 'muted', error: 'red' } as const;

export function ImportDialog({
  kind,
  open,
  onClose,
  onImported,
}: {
  kind: 'tickets' | 'salik';
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const t = useT();
  const money = useMoney();
  const when = useDateTime();
  const [csv, setCsv] = useState('');
  const [source, setSource] = useState(kind === 'salik' ? 'Salik' : '');
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [result, setResult] = useState<ImportResult | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const fields = kind === 'tickets' ? TICKET_IMPORT_FIELDS : SALIK_IMPORT_FIELDS;

  const reset = () => {
    setCsv('');
    setMapping({});
    setResult(null);
    setHeaders([]);
    setErrors({});
  };
  const close = () => {
    reset();
    onClose();
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    setResult(null);
    setMapping({});
    setHeaders(headersOf(text));
  };

  const send = async (preview: boolean) => {
    setBusy(preview ? 'preview' : 'import');
    setErrors({});
    try {
      const res = await ticketsApi.importStatement(kind, {
        preview,
        csv,
        source: source || undefined,
        mapping: Object.keys(mapping).length ? mapping : undefined,
      });
      setResult(res);
      setHeaders(res.headers);
      setMapping(res.mapping);
      if (!preview) {
        toast({
          variant: 'success',
          title: res.created ? t('tickets.imported', { count: res.created }) : t('tickets.nothingToImport'),
        });
        onImported();
        close();
      }
    } catch (error) {
      const failed = preview ? translateApiError(error, t) : toastApiError(t('tickets.importFailed'), error);
      setErrors(failed.fields);
      if (preview && !Object.keys(failed.fields).length) toastApiError(t('tickets.importFailed'), error);
      // The file's columns could not all be mapped: show the mapping, starting from the usual names.
      const cols = headersOf(csv);
      setHeaders(cols);
      if (Object.keys(mapping).length === 0) setMapping(guessMapping(cols, fields));
    } finally {
      setBusy(null);
    }
  };

  const mappingShown = headers.length > 0 && (result || Object.keys(errors).some((k) => k.startsWith('mapping.')));
  return (
    <Modal open={open} onClose={close} title={t('tickets.importTitle')} wide="extra">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`import-${kind}-file`} label={t('tickets.importFile')}>
          <input
            type="file"
            accept=".csv,text/csv"
            className="field-input"
            onChange={(e) => void readFile(e.target.files?.[0])}
          />
        </FormField>
        <FormField id={`import-${kind}-source`} label={t('tickets.importSource')}>
          <input
            className="field-input"
            value={source}
            placeholder={t('tickets.importSourcePlaceholder')}
            onChange={(e) => setSource(e.target.value)}
          />
        </FormField>
      </div>
      <FormField id={`import-${kind}-csv`} label={t('tickets.importPaste')} error={errors.csv}>
        <textarea
          className="field-input font-mono text-xs"
          dir="ltr"
          rows={4}
          value={csv}
          onChange={(e) => {
            setCsv(e.target.value);
            setResult(null);
          }}
        />
      </FormField>

      {mappingShown && (
        <fieldset className="mt-3 rounded-ui border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">{t('tickets.mappingTitle')}</legend>
          <p className="mb-2 text-xs text-slate-600 dark:text-slate-300">{t('tickets.mappingHint')}</p>
          <div className="grid gap-2 sm:grid-cols-4">
            {fields.map((f) => (
              <FormField
                key={f}
                id={`map-${kind}-${f}`}
                label={t(`tickets.importFields.${f}`)}
                error={errors[`mapping.${f}`]}
              >
                <select
                  className="field-input"
                  value={mapping[f] ?? ''}
                  onChange={(e) => {
                    setMapping((m) => ({ ...m, [f]: e.target.value }));
                    setResult(null);
                  }}
                >
                  <option value="">{t('tickets.mappingNone')}</option>
                  {headers.map((h) => (
                    <option key={h} value={h}>
                      {h}
                    </option>
                  ))}
                </select>
              </FormField>
            ))}
          </div>
        </fieldset>
      )}

      {result && (
        <section className="mt-4" aria-label={t('tickets.preview')}>
          <p className="mb-2 text-sm font-medium" data-testid="import-summary">
            {t('tickets.importSummary', result.counts)}
          </p>
          <ListTable
            compact
            className="max-h-72 overflow-auto rounded-ui border border-slate-200 dark:border-slate-700"
            columns={[
              t('tickets.importRow'),
              t(`tickets.importFields.${kind === 'tickets' ? 'ticketNumber' : 'transactionId'}`),
              t('tickets.field.plate'),
              t('tickets.field.violationDate'),
              t('tickets.field.amount'),
              t('tickets.field.rental'),
              '',
            ]}
          >
            {result.rows.map((r) => (
              <tr key={r.row} data-import-row={r.row} className="border-t border-slate-100 dark:border-slate-800">
                <td className="px-2 py-1">{r.row}</td>
                <td className="px-2 py-1 font-mono" dir="ltr">
                  {r.reference ?? '—'}
                </td>
                <td className="px-2 py-1 font-mono" dir="ltr">
                  {r.plate ?? '—'}
                </td>
                <td className="px-2 py-1">{r.at ? when(r.at) : '—'}</td>
                <td className="px-2 py-1">{r.amount === null ? '—' : money(r.amount)}</td>
                <td className="px-2 py-1">
                  {r.matchState && (
                    <StatusPill status={r.matchState} labelKey="tickets.match" tones={MATCH_TONES} dataName="match" />
                  )}
                  {r.rentalReference && (
                    <span className="ms-2 text-xs">
                      {r.rentalReference} · {r.customer}
                    </span>
                  )}
                </td>
                <td className="px-2 py-1">
                  <StatusPill status={r.outcome} labelKey="tickets.outcome" tones={OUTCOME_TONES} dataName="outcome" />
                  {Object.entries(r.errors).map(([f, m]) => (
                    <div key={f} className="text-xs text-red-700 dark:text-red-300">
                      {t(`tickets.importFields.${f}`)}: {translateMessage(t, m)}
                    </div>
                  ))}
                </td>
              </tr>
            ))}
          </ListTable>
        </section>
      )}

      <DialogActions>
        <button type="button" className="btn-secondary" onClick={close} disabled={!!busy}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn-secondary" onClick={() => void send(true)} disabled={!csv || !!busy}>
          {busy === 'preview' ? t('tickets.previewing') : t('tickets.preview')}
        </button>
        {result && (
          <button
            type="button"
            className="btn-primary"
            onClick={() => void send(false)}
            disabled={!!busy || result.counts.create === 0}
          >
            {busy === 'import' ? t('tickets.importing') : t('tickets.importCommit', { count: result.counts.create })}
          </button>
        )}
      </DialogActions>
    </Modal>
  );
}
