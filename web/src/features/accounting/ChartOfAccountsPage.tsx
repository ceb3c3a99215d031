/**
 * /dashboard/accounting/chart-of-accounts: the chart as a tree (by parent, code order) with
 * balances; add an account under a group (type inherited, code unique), rename, deactivate (the
 * server refuses a non-zero balance) or activate again.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../components/Dialogs';
import { FormField } from '../../components/FormField';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useInvalidate } from '../../lib/invalidate';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useCan } from '../../lib/use-can';
import { ACCOUNTING_PATH, accountingApi, type AccountApi } from './accounting-api';
import { Amount, Cell, ReportLinks, ReportState, ReportTable, useAccountName, useAccounts } from './ReportKit';

type Editing = { kind: 'add'; parent: AccountApi } | { kind: 'rename'; account: AccountApi } | null;

/** Accounts in tree order with their depth (children under their parent, by code). */
function treeOrder(accounts: AccountApi[]): { account: AccountApi; depth: number }[] {
  const children = new Map<string | null, AccountApi[]>();
  for (const a of accounts) {
    const key = a.parentId && accounts.some((p) => p.id === a.parentId) ? a.parentId : null;
    children.set(key, [...(children.get(key) ?? []), a]);
  }
  const out: { account: AccountApi; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const a of (children.get(parent) ?? []).sort((x, y) => x.code.localeCompare(y.code))) {
      out.push({ account: a, depth });
      walk(a.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export default function ChartOfAccountsPage() {
  const t = useT();
  const name = useAccountName();
  const canEdit = useCan('accounting');
  const accounts = useAccounts();
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const u = (k: string, p?: Record<string, string>) => t(`accounting.ui.tree.${k}`, p);

  const refresh = () => invalidate(ACCOUNTING_PATH);
  const toggle = async (a: AccountApi) => {
    setBusy(a.id);
    try {
      await accountingApi.updateAccount(a.id, { isActive: !a.isActive });
      toast({ variant: 'success', title: u('saved'), description: `${a.code} ${name(a)}` });
      await refresh();
    } catch (error) {
      toastApiError(u('saveFailed'), error);
    } finally {
      setBusy(null);
    }
  };
  const form = useFormSubmit(null, async (fields: { code: string; name: string; nameAr: string }) => {
    if (!editing) return {};
    try {
      if (editing.kind === 'add')
        await accountingApi.createAccount({
          code: fields.code,
          name: fields.name,
          nameAr: fields.nameAr || undefined,
          parentId: editing.parent.id,
        });
      else await accountingApi.updateAccount(editing.account.id, { name: fields.name, nameAr: fields.nameAr });
      toast({ variant: 'success', title: u('saved') });
      setEditing(null);
      await refresh();
      return {};
    } catch (error) {
      return toastApiError(u('saveFailed'), error).fields;
    }
  });
  const errors = form.errors;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!editing) return;
    const data = new FormData(e.currentTarget);
    const text = (field: string) => String(data.get(field) ?? '').trim();
    void form.submit({ code: text('code'), name: text('name'), nameAr: text('nameAr') });
  };

  return (
    <div>
      <PageHeader title={t('shell.pages.chartOfAccounts')} />
      <ReportLinks current="chartOfAccounts" />
      <ReportState report={accounts}>
        {(data) => (
          <ReportTable
            label={t('shell.pages.chartOfAccounts')}
            columns={[u('codeLabel'), u('name'), t('accounting.reports.type'), u('status'), u('actions'), u('balance')]}
            amountColumns={1}
          >
            {treeOrder(data.items).map(({ account: a, depth }) => (
              <tr key={a.id} data-code={a.code} className={a.isGroup ? 'bg-slate-50 dark:bg-slate-900' : undefined}>
                <Cell className="tabular-nums">{a.code}</Cell>
                <Cell strong={a.isGroup}>
                  <span style={{ paddingInlineStart: `${depth * 1.25}rem` }}>
                    {a.isGroup ? (
                      name(a)
                    ) : (
                      <Link
                        className="link"
                        to={`/dashboard/accounting/general-ledger?accountId=${encodeURIComponent(a.id)}`}
                      >
                        {name(a)}
                      </Link>
                    )}
                  </span>
                </Cell>
                <Cell>{t(`accounting.accountType.${a.type}`)}</Cell>
                <Cell>
                  {a.isGroup ? (
                    <StatusPill status="group" label={u('group')} tone="slate" />
                  ) : (
                    <StatusPill
                      status={a.isActive ? 'active' : 'inactive'}
                      label={u(a.isActive ? 'active' : 'inactive')}
                      tone={a.isActive ? 'green' : 'muted'}
                    />
                  )}
                </Cell>
                <Cell className="whitespace-nowrap">
                  {canEdit && (
                    <div className="flex gap-1">
                      {a.isGroup && (
                        <button
                          type="button"
                          className="btn-ghost"
                          onClick={() => {
                            form.setErrors({});
                            setEditing({ kind: 'add', parent: a });
                          }}
                        >
                          {u('addUnder')}
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn-ghost"
                        onClick={() => {
                          form.setErrors({});
                          setEditing({ kind: 'rename', account: a });
                        }}
                      >
                        {u('rename')}
                      </button>
                      {!a.isGroup && (
                        <button
                          type="button"
                          className="btn-ghost"
                          disabled={busy === a.id}
                          onClick={() => void toggle(a)}
                        >
                          {u(a.isActive ? 'deactivate' : 'activate')}
                        </button>
                      )}
                    </div>
                  )}
                </Cell>
                <Amount value={a.balance} strong={a.isGroup} />
              </tr>
            ))}
          </ReportTable>
        )}
      </ReportState>
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.kind === 'add'
            ? u('addTitle', { group: `${editing.parent.code} ${name(editing.parent)}` })
            : editing
              ? u('renameTitle', { code: editing.account.code })
              : ''
        }
      >
        {editing && (
          <form onSubmit={submit} className="space-y-4" noValidate>
            {editing.kind === 'add' && (
              <FormField label={u('codeLabel')} name="code" error={errors.code} required>
                <input
                  className="field-input"
                  name="code"
                  inputMode="numeric"
                  defaultValue={`${editing.parent.code.slice(0, 1)}`}
                />
              </FormField>
            )}
            <FormField label={u('nameEn')} name="name" error={errors.name} required>
              <input
                className="field-input"
                name="name"
                defaultValue={editing.kind === 'rename' ? editing.account.name : ''}
              />
            </FormField>
            <FormField label={u('nameAr')} name="nameAr" error={errors.nameAr}>
              <input
                className="field-input"
                name="nameAr"
                dir="rtl"
                defaultValue={editing.kind === 'rename' ? editing.account.nameAr : ''}
              />
            </FormField>
            <div className="flex justify-end gap-2">
              <button type="button" className="btn-secondary" onClick={() => setEditing(null)}>
                {u('cancel')}
              </button>
              <button type="submit" className="btn-primary" disabled={form.saving}>
                {u('save')}
              </button>
            </div>
          </form>
        )}
      </Modal>
    </div>
  );
}
