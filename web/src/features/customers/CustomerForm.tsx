/**
 * Add / edit customer form. Validates with the shared zod schema before sending and shows the
 * server's field errors (e.g. the region's minimum age on dateOfBirth). When adding, "Scan ID"
 * sends a passport / ID card / licence file to the server, which reads its machine-readable zone
 * or printed fields; the answer fills the form for staff to check before saving.
 */
import { useRef, useState, type FormEvent } from 'react';
import {
  customerCreateSchema,
  customerUpdateSchema,
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  GENDERS,
  PREFERRED_LANGUAGES,
  type IdScanResult,
} from '../../../../shared/schemas/customers';
import { FormField } from '../../components/FormField';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { translateApiError } from '../../lib/api-errors';
import { useFormSubmit } from '../../lib/use-form-submit';
import { customerApi, useDate, type Customer } from './customer-api';

const TEXT_FIELDS = [
  'fullNameEnglish',
  'fullNameArabic',
  'firstName',
  'lastName',
  'email',
  'phone',
  'licenseNumber',
  'licenseIssuer',
  'licenseIssuedDate',
  'licenseExpiryDate',
  'dateOfBirth',
  'homeAddress',
  'fullAddress',
  'visaNumber',
  'nationalIdOrPassport',
  'countryOfOrigin',
  'emergencyContactName',
  'emergencyContactPhone',
  'emergencyContactRelationship',
  'gender',
  'preferredLanguage',
  'referralSource',
  'internalNotes',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Values = Record<TextField, string> & { isVip: boolean };

const SECTIONS: { key: string; fields: TextField[] }[] = [
  {
    key: 'identity',
    fields: [
      'fullNameEnglish',
      'fullNameArabic',
      'firstName',
      'lastName',
      'dateOfBirth',
      'gender',
      'nationalIdOrPassport',
      'countryOfOrigin',
    ],
  },
  { key: 'contact', fields: ['phone', 'email', 'preferredLanguage', 'referralSource'] },
  { key: 'licence', fields: ['licenseNumber', 'licenseIssuer', 'licenseIssuedDate', 'licenseExpiryDate'] },
  { key: 'address', fields: ['homeAddress', 'fullAddress', 'visaNumber'] },
  { key: 'emergency', fields: ['emergencyContactName', 'emergencyContactPhone', 'emergencyContactRelationship'] },
  { key: 'other', fields: ['internalNotes'] },
];

const DATE_FIELDS = new Set<TextField>(['licenseIssuedDate', 'licenseExpiryDate', 'dateOfBirth']);

function initialValues(c?: Customer): Values {
  const v = Object.fromEntries(
    TEXT_FIELDS.map((f) => [f, String((c as Record<string, unknown> | undefined)?.[f] ?? '')]),
  ) as Record<TextField, string>;
  if (!v.preferredLanguage) v.preferredLanguage = 'english';
  return { ...v, isVip: c?.isVip ?? false };
}

export function CustomerForm({
  customer,
  onSubmit,
  onCancel,
}: {
  customer?: Customer;
  /** Resolves to the server's field errors ({} on success). */
  onSubmit: (body: Record<string, unknown>) => Promise<Record<string, string>>;
  onCancel: () => void;
}) {
  const t = useT();
  const date = useDate();
  const [values, setValues] = useState<Values>(() => initialValues(customer));
  const form = useFormSubmit<Record<string, unknown>>(customer ? customerUpdateSchema : customerCreateSchema, onSubmit);
  const { errors, setErrors, saving } = form;
  const [scanning, setScanning] = useState(false);
  const [scan, setScan] = useState<IdScanResult | null>(null);
  const [scanError, setScanError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const set = (field: keyof Values, value: string | boolean) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clearError(field);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: Record<string, unknown> = { ...values };
    if (!customer) for (const f of TEXT_FIELDS) if (body[f] === '') delete body[f];
    if (customer) body.version = customer.version;
    void form.submit(body);
  };

  const runScan = async (file: File | undefined) => {
    if (!file) return;
    setScan(null);
    setScanError(null);
    if (!(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      setScanError(t('customers.scan.reason.type'));
      return;
    }
    if (file.size > DOCUMENT_MAX_BYTES) {
      setScanError(t('customers.scan.reason.tooLarge'));
      return;
    }
    setScanning(true);
    try {
      const result = await customerApi.scanId(file);
      setScan(result);
      setValues((v) => {
        const next = { ...v };
        for (const [k, val] of Object.entries(result.fields)) if (val) (next as Record<string, unknown>)[k] = val;
        return next;
      });
      setErrors({});
    } catch (error) {
      // The scan answers why it failed on the `file` field (no text, no machine-readable zone…).
      const { fields, message } = translateApiError(error, t);
      const reason = fields.file ?? message;
      setScanError(reason);
      toast({ variant: 'destructive', title: t('customers.scan.failed'), description: reason });
    } finally {
      setScanning(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const field = (f: TextField) => {
    const common = { className: 'field-input' } as const;
    let input;
    if (f === 'gender') {
      input = (
        <select {...common} value={values.gender} onChange={(e) => set(f, e.target.value)}>
          <option value="">{t('customers.notSet')}</option>
          {GENDERS.map((g) => (
            <option key={g} value={g}>
              {t(`customers.gender.${g}`)}
            </option>
          ))}
        </select>
      );
    } else if (f === 'preferredLanguage') {
      input = (
        <select {...common} value={values.preferredLanguage} onChange={(e) => set(f, e.target.value)}>
          {PREFERRED_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`customers.language.${l}`)}
            </option>
          ))}
        </select>
      );
    } else if (f === 'internalNotes' || f === 'fullAddress') {
      input = <textarea {...common} rows={2} value={values[f]} onChange={(e) => set(f, e.target.value)} />;
    } else {
      input = (
        <input
          {...common}
          type={
            DATE_FIELDS.has(f) ? 'date' : f === 'email' ? 'email' : f.toLowerCase().includes('phone') ? 'tel' : 'text'
          }
          dir={f === 'fullNameArabic' ? 'rtl' : f === 'email' || f.toLowerCase().includes('phone') ? 'ltr' : undefined}
          value={values[f]}
          onChange={(e) => set(f, e.target.value)}
          required={f === 'fullNameEnglish'}
        />
      );
    }
    const label =
      f === 'fullNameEnglish' ? (
        <>
          {t(`customers.field.${f}`)}
          <span className="text-red-700 dark:text-red-300">
            {' '}
            *<span className="sr-only">{t('customers.required')}</span>
          </span>
        </>
      ) : (
        t(`customers.field.${f}`)
      );
    return (
      <FormField
        key={f}
        id={`customer-${f}`}
        name={f}
        label={label}
        error={errors[f] || undefined}
        className={f === 'internalNotes' || f === 'fullAddress' ? 'sm:col-span-2' : undefined}
      >
        {input}
      </FormField>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {!customer && (
        <section
          className="rounded-ui-lg border border-dashed border-slate-300 p-4 dark:border-slate-700"
          aria-labelledby="scan-title"
        >
          <h3 id="scan-title" className="font-semibold">
            {t('customers.scan.title')}
          </h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('customers.scan.hint')}</p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <label className="btn-secondary cursor-pointer focus-within:ring-2">
              {scanning ? t('customers.scan.scanning') : t('customers.scan.choose')}
              <input
                ref={fileRef}
                type="file"
                accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
                className="sr-only"
                data-testid="scan-id-input"
                disabled={scanning}
                onChange={(e) => void runScan(e.target.files?.[0])}
              />
            </label>
            {scanning && (
              <span role="status" className="text-sm">
                {t('customers.scan.scanning')}
              </span>
            )}
          </div>
          {scan && (
            <div
              role="status"
              className="mt-3 rounded-ui bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-900/30 dark:text-emerald-100"
              data-testid="scan-result"
            >
              <p>
                {t('customers.scan.done', {
                  document: t(`customers.scan.documentType.${scan.documentType ?? 'unknown'}`),
                })}{' '}
                {t('customers.scan.confidence', { percent: Math.round(scan.confidence * 100) })}
              </p>
              {scan.invalidChecks && scan.invalidChecks.length > 0 && (
                <p className="mt-1 font-medium text-amber-900 dark:text-amber-200">
                  {t('customers.scan.invalidChecks', { fields: scan.invalidChecks.join(', ') })}
                </p>
              )}
              {scan.documentExpiryDate && scan.documentExpiryDate < new Date().toISOString().slice(0, 10) && (
                <p className="mt-1 font-medium text-amber-900 dark:text-amber-200">
                  {t('customers.scan.documentExpired', { date: date(scan.documentExpiryDate) })}
                </p>
              )}
            </div>
          )}
          {scanError !== null && (
            <div
              role="alert"
              className="mt-3 rounded-ui bg-red-50 p-3 text-sm text-red-900 dark:bg-red-900/30 dark:text-red-100"
              data-testid="scan-error"
            >
              <p className="font-medium">{t('customers.scan.failed')}</p>
              {scanError && <p>{scanError}</p>}
            </div>
          )}
        </section>
      )}

      {SECTIONS.map((s) => (
        <fieldset key={s.key}>
          <legend className="mb-2 font-semibold">{t(`customers.section.${s.key}`)}</legend>
          <div className="grid gap-3 sm:grid-cols-2">{s.fields.map(field)}</div>
        </fieldset>
      ))}
      {!customer && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={values.isVip} onChange={(e) => set('isVip', e.target.checked)} />
          {t('customers.field.isVip')}
        </label>
      )}
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={saving || scanning}>
          {saving ? t('customers.saving') : t('customers.save')}
        </button>
      </div>
    </form>
  );
}
