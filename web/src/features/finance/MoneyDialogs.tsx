/**
 * The finance page's dialogs (issue 10): add a bank account (IBAN checked with the shared mod-97
 * rule before sending, the server's messages under the fields) and a transfer between the cash
 * box, petty cash and banks (Idempotency-Key per dialog opening: a double click records one).
 */
import { useState } from 'react';
import { CURRENCY_CODES } from '../../../../shared/regions';
import { createBankAccountSchema, createTransferSchema } from '../../../../shared/schemas/finance';
import { Modal } from '../../components/Dialogs';
import { FormField } from '../../components/FormField';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useInvalidate } from '../../lib/invalidate';
import { useFormSubmit } from '../../lib/use-form-submit';
import { MONEY_PATHS, newIdempotencyKey, useAccountName, useMoneyAccounts } from './finance-api';
import { callApi, type BodyOf } from '../../lib/api-client';

export function BankAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const invalidate = useInvalidate();
  const m = (k: string) => t(`finance.money.${k}`);
  // Bank accounts are kept in the company currency (functions/finance/accounts.ts): shown, not chosen.
  const currency = useMoneyAccounts().data?.items[0]?.currency ?? 'USD';
  const [form, setForm] = useState({ name: '', bank: '', iban: '' });
  const { errors, saving, submit, clearError } = useFormSubmit(createBankAccountSchema, async (body) => {
    try {
      // useFormSubmit checked the body with createBankAccountSchema before calling this.
      await callApi('createBankAccount', { body: body as BodyOf<'createBankAccount'> });
      toast({ variant: 'success', title: m('bankAdded') });
      setForm({ name: '', bank: '', iban: '' });
      await invalidate(...MONEY_PATHS);
      onClose();
      return {};
    } catch (error) {
      return toastApiError(t('finance.messages.bankAddFailed'), error).fields;
    }
  });
  const field = (name: 'name' | 'bank' | 'iban') => ({
    className: 'field-input',
    name,
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setForm({ ...form, [name]: e.target.value });
      clearError(name);
    },
  });
  return (
    <Modal open={open} onClose={onClose} title={m('addBankTitle')}>
      <form
        noValidate
        aria-label={m('addBankTitle')}
        onSubmit={(e) => {
          e.preventDefault();
          void submit({ ...form, currency } as never);
        }}
      >
        <div className="grid gap-3">
          <FormField label={m('bankName')} hint={m('bankNameHint')} error={errors.name} required>
            <input {...field('name')} />
          </FormField>
          <FormField label={m('bank')} error={errors.bank} required>
            <input {...field('bank')} />
          </FormField>
          <FormField label={m('iban')} hint={m('ibanHint')} error={errors.iban} required>
            <input {...field('iban')} dir="ltr" autoComplete="off" spellCheck={false} />
          </FormField>
          <FormField label={m('currency')} error={errors.currency}>
            <select className="field-input" name="currency" value={currency} disabled>
              {CURRENCY_CODES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {m('cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? t('finance.entries.saving') : m('addBank')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function TransferDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const invalidate = useInvalidate();
  const name = useAccountName();
  const m = (k: string) => t(`finance.money.${k}`);
  const accounts = useMoneyAccounts().data?.items ?? [];
  const [form, setForm] = useState({ from: 'cash_box', to: 'bank', amount: '', date: '', notes: '' });
  const [idem, setIdem] = useState(() => newIdempotencyKey('tr'));
  const { errors, saving, submit, clearError } = useFormSubmit(createTransferSchema, async (body) => {
    try {
      // useFormSubmit checked the body with createTransferSchema before calling this.
      await callApi('createTransfer', { body: body as BodyOf<'createTransfer'>, headers: { 'Idempotency-Key': idem } });
      toast({ variant: 'success', title: m('transferDone') });
      setForm({ from: 'cash_box', to: 'bank', amount: '', date: '', notes: '' });
      setIdem(newIdempotencyKey('tr'));
      await invalidate(...MONEY_PATHS);
      onClose();
      return {};
    } catch (error) {
      return toastApiError(t('finance.messages.transferFailed'), error).fields;
    }
  });
  const select = (key: 'from' | 'to') => (
    <select
      className="field-input"
      name={key}
      value={form[key]}
      onChange={(e) => {
        setForm({ ...form, [key]: e.target.value });
        clearError(key);
      }}
    >
      {accounts.map((a) => (
        <option key={a.id} value={a.id}>
          {name(a.id)}
        </option>
      ))}
    </select>
  );
  const send = () =>
    void submit({
      from: form.from,
      to: form.to,
      amount: form.amount.trim() === '' ? undefined : Number(form.amount),
      ...(form.date ? { date: form.date } : {}),
      ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
    } as never);
  return (
    <Modal open={open} onClose={onClose} title={m('transferTitle')}>
      <form
        noValidate
        aria-label={m('transferTitle')}
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <div className="grid gap-3">
          <FormField label={m('from')} error={errors.from} required>
            {select('from')}
          </FormField>
          <FormField label={m('to')} error={errors.to} required>
            {select('to')}
          </FormField>
          <FormField label={t('finance.entries.amount')} error={errors.amount} required>
            <input
              className="field-input"
              name="amount"
              inputMode="decimal"
              value={form.amount}
              onChange={(e) => {
                setForm({ ...form, amount: e.target.value });
                clearError('amount');
              }}
            />
          </FormField>
          <FormField label={t('finance.entries.date')} error={errors.date}>
            <input
              className="field-input"
              type="date"
              name="date"
              value={form.date}
              onChange={(e) => setForm({ ...form, date: e.target.value })}
            />
          </FormField>
          <FormField label={t('finance.entries.notes')} error={errors.notes}>
            <input
              className="field-input"
              name="notes"
              value={form.notes}
              onChange={(e) => setForm({ ...form, notes: e.target.value })}
            />
          </FormField>
        </div>
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {m('cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? t('finance.entries.saving') : m('transferSave')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
