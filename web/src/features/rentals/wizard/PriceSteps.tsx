import { DEFAULT_DAILY_KM_LIMIT, RENTAL_PAYMENT_METHODS } from '../../../../../shared/constants';
import { useT } from '../../../i18n';
import { FormField } from '../../../components/FormField';
import { useMoney, type QuoteApi } from '../rental-api';
import type { Values } from './wizard-model';

/** Wizard steps 3 and 4 (rates and tax; deposit, payment and details) and the quote the server priced. */
const input = 'field-input';

export function PricingStep({
  values,
  errors,
  set,
  taxIncluded,
  onTaxIncluded,
}: {
  values: Values;
  errors: Record<string, string>;
  set: (name: string, value: string) => void;
  taxIncluded: boolean;
  onTaxIncluded: (v: boolean) => void;
}) {
  const t = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label={t('rentals.wizard.rentalType')} error={errors.rentalType}>
        {(p) => (
          <select
            {...p}
            className={input}
            value={values.rentalType}
            onChange={(e) => set('rentalType', e.target.value)}
          >
            <option value="daily">{t('rentals.wizard.daily')}</option>
            <option value="monthly">{t('rentals.wizard.monthly')}</option>
          </select>
        )}
      </FormField>
      <FormField label={t('rentals.wizard.dailyRate')} error={errors.dailyRate}>
        {(p) => (
          <input
            {...p}
            className={input}
            inputMode="decimal"
            value={values.dailyRate}
            onChange={(e) => set('dailyRate', e.target.value)}
          />
        )}
      </FormField>
      {values.rentalType === 'monthly' && (
        <FormField label={t('rentals.wizard.monthlyRate')} error={errors.monthlyRate}>
          {(p) => (
            <input
              {...p}
              className={input}
              inputMode="decimal"
              value={values.monthlyRate}
              onChange={(e) => set('monthlyRate', e.target.value)}
            />
          )}
        </FormField>
      )}
      <FormField label={t('rentals.wizard.dailyKmLimit')} error={errors.dailyKmLimit}>
        {(p) => (
          <input
            {...p}
            className={input}
            inputMode="numeric"
            placeholder={String(DEFAULT_DAILY_KM_LIMIT)}
            value={values.dailyKmLimit}
            onChange={(e) => set('dailyKmLimit', e.target.value)}
          />
        )}
      </FormField>
      <FormField label={t('rentals.wizard.extraChargePerKm')} error={errors.extraChargePerKm}>
        {(p) => (
          <input
            {...p}
            className={input}
            inputMode="decimal"
            value={values.extraChargePerKm}
            onChange={(e) => set('extraChargePerKm', e.target.value)}
          />
        )}
      </FormField>
      <FormField label={t('rentals.wizard.taxRate')} error={errors.taxRate}>
        {(p) => (
          <input
            {...p}
            className={input}
            inputMode="decimal"
            value={values.taxRate}
            onChange={(e) => set('taxRate', e.target.value)}
          />
        )}
      </FormField>
      <label className="flex items-center gap-2 self-end text-sm">
        <input type="checkbox" checked={taxIncluded} onChange={(e) => onTaxIncluded(e.target.checked)} />{' '}
        {t('rentals.wizard.taxIncluded')}
      </label>
    </div>
  );
}

export function PaymentStep({
  values,
  errors,
  set,
}: {
  values: Values;
  errors: Record<string, string>;
  set: (name: string, value: string) => void;
}) {
  const t = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label={t('rentals.wizard.securityDeposit')} error={errors.securityDeposit}>
        {(p) => (
          <input
            {...p}
            className={input}
            inputMode="decimal"
            value={values.securityDeposit}
            onChange={(e) => set('securityDeposit', e.target.value)}
          />
        )}
      </FormField>
      <FormField label={t('rentals.wizard.initialPaymentAmount')} error={errors.initialPaymentAmount}>
        {(p) => (
          <input
            {...p}
            className={input}
            inputMode="decimal"
            value={values.initialPaymentAmount}
            onChange={(e) => set('initialPaymentAmount', e.target.value)}
          />
        )}
      </FormField>
      <FormField label={t('rentals.wizard.initialPaymentMethod')} error={errors.initialPaymentMethod}>
        {(p) => (
          <select
            {...p}
            className={input}
            value={values.initialPaymentMethod}
            onChange={(e) => set('initialPaymentMethod', e.target.value)}
          >
            <option value="">{t('rentals.wizard.chooseMethod')}</option>
            {RENTAL_PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`rentals.methods.${m}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {(['pickupLocation', 'returnLocation', 'officeInCharge', 'agentName'] as const).map((f) => (
        <FormField key={f} label={t(`rentals.wizard.${f}`)} error={errors[f]}>
          {(p) => <input {...p} className={input} value={values[f]} onChange={(e) => set(f, e.target.value)} />}
        </FormField>
      ))}
      <FormField label={t('rentals.wizard.notes')} error={errors.notes} className="sm:col-span-2">
        {(p) => (
          <textarea
            {...p}
            className={input}
            rows={2}
            value={values.notes}
            onChange={(e) => set('notes', e.target.value)}
          />
        )}
      </FormField>
    </div>
  );
}

/** The quote POST /api/v1/rentals/quote answered: the very lines and total the booking will charge. */
export function QuoteSummary({ quote }: { quote: QuoteApi }) {
  const t = useT();
  const money = useMoney();
  return (
    <section
      aria-label={t('rentals.wizard.quote')}
      className="mt-5 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800"
      data-testid="rental-quote"
    >
      <p className="font-medium">
        {t('rentals.wizard.quote')} · {t('rentals.wizard.days')}: {quote.days}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-1">
        {quote.lines
          .filter((l) => l.code !== 'tax')
          .map((l, i) => (
            <div key={`${l.code}-${i}`} className="contents" data-quote-line={l.code}>
              <dt>
                {t(`rentals.wizard.quoteLines.${l.code}`)}
                {l.quantity !== undefined ? ` × ${l.quantity}` : ''}
              </dt>
              <dd className="text-end tabular-nums">{money(l.amount)}</dd>
            </div>
          ))}
        <dt>{t('rentals.wizard.subtotal')}</dt>
        <dd className="text-end tabular-nums">{money(quote.subtotal)}</dd>
        <dt>{t('rentals.wizard.tax')}</dt>
        <dd className="text-end tabular-nums">{money(quote.tax)}</dd>
        <dt className="font-semibold">{t('rentals.wizard.total')}</dt>
        <dd className="text-end font-semibold tabular-nums" data-testid="quote-total">
          {money(quote.total)}
        </dd>
      </dl>
    </section>
  );
}
