/**
 * The rental page's invoicing settings (issue 10): automatic invoicing and billing frequency —
 * what the scheduled invoicing job reads — with the last invoiced day, and an edit dialog for the
 * roles that edit rentals (PATCH /api/v1/rentals/{id}/invoicing). Shown for open-ended rentals
 * only: a rental with a return date is invoiced once, after its return. Once the rental has
 * ended, the settings are read-only (the API answers 409).
 */
import { useEffect, useState } from 'react';
import { BILLING_FREQUENCIES, type BillingFrequency } from '../../../../shared/invoicing/periods';
import { rentalInvoicingSchema } from '../../../../shared/schemas/rentals';
import { FormField } from '../../components/FormField';
import { Toggle } from '../../components/Toggle';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { isVersionConflict, translateApiError } from '../../lib/api-errors';
import { useFormSubmit } from '../../lib/use-form-submit';
import { Modal } from './components';
import { Actions, useDialogError } from './dialogs';
import { rentalApi, useDateTime, type RentalApi } from './rental-api';

const ENDED = new Set(['completed', 'cancelled', 'archived']);

interface Settings {
  autoGenerateInvoice: boolean;
  billingFrequency: BillingFrequency;
}
const settingsOf = (r: RentalApi): Settings => ({
  autoGenerateInvoice: r.autoGenerateInvoice !== false,
  billingFrequency: r.billingFrequency === 'monthly' ? 'monthly' : 'daily',
});

export function RentalInvoicingSettings({
  rental,
  canEdit,
  onDone,
  onStale,
}: {
  rental: RentalApi;
  canEdit: boolean;
  onDone: (r: RentalApi) => void;
  onStale: () => void;
}) {
  const t = useT();
  const when = useDateTime();
  const [open, setOpen] = useState(false);
  if (!rental.openEnded) return null;
  const s = settingsOf(rental);
  const ended = ENDED.has(rental.status);
  return (
    <section className="card" aria-label={t('rentals.invoicing.title')} data-testid="rental-invoicing">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">{t('rentals.invoicing.title')}</h2>
        {canEdit && !ended && (
          <button type="button" className="btn-secondary" onClick={() => setOpen(true)}>
            {t('rentals.invoicing.edit')}
          </button>
        )}
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600 dark:text-slate-300">{t('rentals.invoicing.auto')}</dt>
          <dd className="font-medium" data-testid="invoicing-auto">
            {t(s.autoGenerateInvoice ? 'rentals.invoicing.on' : 'rentals.invoicing.off')}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-300">{t('rentals.invoicing.frequency')}</dt>
          <dd className="font-medium" data-testid="invoicing-frequency">
            {t(`rentals.invoicing.frequencies.${s.billingFrequency}`)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-300">{t('rentals.invoicing.lastInvoiced')}</dt>
          <dd className="font-medium">
            {rental.lastInvoicedDate ? when(rental.lastInvoicedDate, false) : t('rentals.invoicing.never')}
          </dd>
        </div>
      </dl>
      {ended && <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">{t('rentals.invoicing.locked')}</p>}
      {canEdit && (
        <InvoicingDialog
          rental={rental}
          open={open}
          onClose={() => setOpen(false)}
          onDone={(r) => {
            setOpen(false);
            onDone(r);
          }}
          onStale={onStale}
        />
      )}
    </section>
  );
}

function InvoicingDialog({
  rental,
  open,
  onClose,
  onDone,
  onStale,
}: {
  rental: RentalApi;
  open: boolean;
  onClose: () => void;
  onDone: (r: RentalApi) => void;
  onStale: () => void;
}) {
  const t = useT();
  const [values, setValues] = useState<Settings>(settingsOf(rental));
  const [failure, setFailure] = useDialogError();
  useEffect(() => {
    if (open) {
      setValues(settingsOf(rental));
      setFailure();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the dialog opens
  }, [open]);
  const form = useFormSubmit<Settings & { version: number }>(rentalInvoicingSchema, async (body) => {
    setFailure();
    try {
      const updated = await rentalApi.invoicing(rental.id, body);
      toast({ variant: 'success', title: t('rentals.invoicing.saved') });
      onDone(updated);
      return {};
    } catch (error) {
      setFailure(error);
      // Someone else changed the rental: reload it, so a second save (the choices kept) goes on the new version.
      if (isVersionConflict(error)) onStale();
      return translateApiError(error, t).fields;
    }
  });
  return (
    <Modal open={open} onClose={form.saving ? () => {} : onClose} title={t('rentals.invoicing.dialogTitle')}>
      <form
        noValidate
        className="space-y-4"
        data-testid="invoicing-form"
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit({ ...values, version: rental.version });
        }}
      >
        <Toggle
          name="autoGenerateInvoice"
          label={t('rentals.invoicing.auto')}
          hint={t('rentals.invoicing.autoHint')}
          checked={values.autoGenerateInvoice}
          onChange={(v) => {
            setValues((s) => ({ ...s, autoGenerateInvoice: v }));
            form.clearError('autoGenerateInvoice');
          }}
        />
        {form.errors.autoGenerateInvoice && (
          <p className="text-sm text-red-700 dark:text-red-300">{form.errors.autoGenerateInvoice}</p>
        )}
        <FormField
          label={t('rentals.invoicing.frequency')}
          error={form.errors.billingFrequency}
          name="billingFrequency"
        >
          {(p) => (
            <select
              {...p}
              className="field-input"
              value={values.billingFrequency}
              onChange={(e) => {
                setValues((s) => ({ ...s, billingFrequency: e.target.value as BillingFrequency }));
                form.clearError('billingFrequency');
              }}
            >
              {BILLING_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {t(`rentals.invoicing.frequencies.${f}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Actions onClose={onClose} pending={form.saving} label={t('rentals.invoicing.save')} error={failure} />
      </form>
    </Modal>
  );
}
