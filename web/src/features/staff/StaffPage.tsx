/**
 * /staff: the company's staff with role and status; add, edit (role, names, e-mail), suspend,
 * unsuspend, activate (pending invites) and remove. Suspend and remove ask first. What a role
 * cannot do is hidden: ADMIN sees no actions on an OWNER and cannot give the OWNER role; nobody
 * sees suspend/remove on their own row; the shared demo account sees the list read-only (the API
 * refuses with the same rules). The page itself needs `staffRead` (the registry shows "Access
 * Restricted" to STAFF and MECHANIC).
 */
import { useCallback, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { canManageStaffMember, hasAbility, type Role } from '../../../../shared/permissions';
import {
  createStaffSchema, STAFF_ROLES, updateStaffSchema, type StaffMember, type StaffRole, type StaffStatus,
} from '../../../../shared/schemas/staff';
import { Modal } from '../../components/Dialogs';
import { PageHeader } from '../../components/PageHeader';
import { TableSkeleton } from '../../components/Skeletons';
import { toast } from '../../components/toast/toast-store';
import { useAuth } from '../../auth/context';
import { ME_PATH } from '../../auth/session';
import { useLanguage, useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { useAppState } from '../../lib/persisted-state';
import {
  failureDescription, issuesToErrors, serverFieldErrors, STAFF_PATH, staffApi, useInvalidateStaff, type StaffPage as Page,
} from './staff-api';

const pill = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap';
const STATUS_STYLE: Record<StaffStatus, string> = {
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  suspended: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
};
const ROLE_STYLE: Record<string, string> = {
  OWNER: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900/40 dark:text-indigo-100',
  ADMIN: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100',
  STAFF: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  MECHANIC: 'bg-orange-100 text-orange-900 dark:bg-orange-900/40 dark:text-orange-100',
  SUPERADMIN: 'bg-purple-100 text-purple-900 dark:bg-purple-900/40 dark:text-purple-100',
};

type Confirm = { kind: 'suspend' | 'remove'; member: StaffMember } | null;

export default function StaffPage() {
  const t = useT();
  const { user } = useAuth();
  // Its own key: the session keeps ME_PATH as a parsed User, which has no isDemo.
  const me = useSWR<{ user?: { isDemo?: boolean } } | null>([ME_PATH, 'staff-page']);
  const isDemo = me.data?.user?.isDemo === true;
  const myRole = user?.role as Role | undefined;
  const canEdit = hasAbility(myRole, 'staffEdit') && !isDemo;
  const date = useDateTime();
  const invalidateOthers = useInvalidateStaff();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);

  const list = useSWRInfinite<Page | null>((index, previous) => {
    if (index > 0 && !previous?.nextCursor) return null;
    return `${STAFF_PATH}?limit=100${index > 0 ? `&cursor=${encodeURIComponent(previous!.nextCursor!)}` : ''}`;
  });
  const invalidate = () => {
    void list.mutate();
    invalidateOthers();
  };
  const pages = list.data ?? [];
  const members = pages.flatMap((p) => p?.items ?? []);
  const nextCursor = pages.length ? pages[pages.length - 1]?.nextCursor ?? null : null;

  const manages = (m: StaffMember) => canEdit && !!myRole && canManageStaffMember(myRole, m.role as Role);
  const assignable = STAFF_ROLES.filter((r) => myRole && canManageStaffMember(myRole, r));
  const name = (m: StaffMember) => `${m.firstName} ${m.lastName}`.trim() || m.username;

  const act = async (m: StaffMember, action: 'suspend' | 'unsuspend' | 'activate' | 'remove') => {
    setPendingId(m.id);
    try {
      if (action === 'remove') await staffApi.remove(m.id);
      else await staffApi.action(m.id, action);
      const done = { suspend: 'suspended', unsuspend: 'unsuspended', activate: 'activated', remove: 'removed' }[action];
      toast({ variant: 'success', title: t(`staff.toast.${done}`), description: name(m) });
      setConfirm(null);
      invalidate();
    } catch (error) {
      toast({ variant: 'destructive', title: t(action === 'remove' ? 'staff.toast.removeFailed' : 'staff.toast.updateFailed'), description: failureDescription(t, error) });
    } finally {
      setPendingId(null);
    }
  };

  const create = async (values: Record<string, unknown>) => {
    try {
      const created = await staffApi.create(values as never);
      toast({ variant: 'success', title: t('staff.toast.created'), description: name(created) });
      setAdding(false);
      invalidate();
      return {};
    } catch (error) {
      toast({ variant: 'destructive', title: t('staff.toast.createFailed'), description: failureDescription(t, error) });
      return serverFieldErrors(t, error);
    }
  };

  const save = async (values: Record<string, unknown>) => {
    if (!editing) return {};
    try {
      const updated = await staffApi.update(editing.id, { ...values, version: editing.version } as never);
      toast({ variant: 'success', title: t('staff.toast.updated'), description: name(updated) });
      setEditing(null);
      invalidate();
      return {};
    } catch (error) {
      toast({ variant: 'destructive', title: t('staff.toast.updateFailed'), description: failureDescription(t, error) });
      return serverFieldErrors(t, error);
    }
  };

  return (
    <>
      <PageHeader
        title={t('staff.title')}
        subtitle={t('staff.subtitle')}
        actions={canEdit ? <button type="button" className="btn-primary" onClick={() => setAdding(true)}>{t('staff.addStaff')}</button> : undefined}
      />
      {isDemo && <p role="note" className="mb-4 rounded-ui border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">{t('staff.demoNotice')}</p>}

      {!list.data && !list.error ? (
        <TableSkeleton rows={8} columns={5} />
      ) : list.error && !members.length ? (
        <div role="alert" className="card text-center">
          <p className="font-medium text-red-800 dark:text-red-300">{t('staff.loadFailed')}</p>
          <button type="button" className="btn-secondary mt-4" onClick={() => void list.mutate()}>{t('common.retry')}</button>
        </div>
      ) : members.length === 0 ? (
        <div className="card text-center">
          <p className="font-medium">{t('staff.emptyTitle')}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('staff.emptyBody')}</p>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-ui-lg border border-slate-200 dark:border-slate-800">
          <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
            <thead className="bg-slate-50 dark:bg-slate-900">
              <tr>
                {(['name', 'username', 'role', 'status', 'lastActive'] as const).map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 text-start font-semibold">{t(`staff.column.${c}`)}</th>
                ))}
                {canEdit && <th scope="col" className="px-3 py-2 text-start font-semibold">{t('staff.actions')}</th>}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {members.map((m) => {
                const self = m.id === user?.id;
                const busy = pendingId === m.id;
                return (
                  <tr key={m.id} data-staff-username={m.username}>
                    <td className="px-3 py-2">
                      <div className="font-medium">{name(m)}{self && <span className="ms-2 text-xs text-slate-500">({t('staff.you')})</span>}</div>
                      {m.email && <div className="text-xs text-slate-600 dark:text-slate-300" dir="ltr">{m.email}</div>}
                    </td>
                    <td className="px-3 py-2 font-mono" dir="ltr">{m.username}</td>
                    <td className="px-3 py-2" title={t(`staff.roleHelp.${m.role}`)}><span className={`${pill} ${ROLE_STYLE[m.role] ?? ''}`} data-role={m.role}>{t(`staff.role.${m.role}`)}</span></td>
                    <td className="px-3 py-2"><span className={`${pill} ${STATUS_STYLE[m.status]}`} data-status={m.status}>{t(`staff.status.${m.status}`)}</span></td>
                    <td className="px-3 py-2">{m.lastActiveAt ? date(m.lastActiveAt) : t('staff.never')}</td>
                    {canEdit && (
                      <td className="px-3 py-2">
                        {manages(m) && (
                          <span className="flex flex-wrap gap-3">
                            <button type="button" className="link text-xs" disabled={busy} onClick={() => setEditing(m)}>{t('staff.action.edit')}</button>
                            {m.status === 'pending' && (
                              <button type="button" className="link text-xs" disabled={busy} onClick={() => void act(m, 'activate')}>{t('staff.action.activate')}</button>
                            )}
                            {m.status === 'suspended' && (
                              <button type="button" className="link text-xs" disabled={busy} onClick={() => void act(m, 'unsuspend')}>{t('staff.action.unsuspend')}</button>
                            )}
                            {!self && m.status !== 'suspended' && (
                              <button type="button" className="link text-xs text-red-700 dark:text-red-300" disabled={busy} onClick={() => setConfirm({ kind: 'suspend', member: m })}>{t('staff.action.suspend')}</button>
                            )}
                            {!self && (
                              <button type="button" className="link text-xs text-red-700 dark:text-red-300" disabled={busy} onClick={() => setConfirm({ kind: 'remove', member: m })}>{t('staff.action.remove')}</button>
                            )}
                          </span>
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {nextCursor && (
        <div className="mt-4 text-center">
          <button type="button" className="btn-secondary" onClick={() => void list.setSize(list.size + 1)}>{t('staff.loadMore')}</button>
        </div>
      )}

      <Modal open={adding} onClose={() => setAdding(false)} title={t('staff.addTitle')}>
        {adding && <MemberForm roles={assignable} onSubmit={create} onCancel={() => setAdding(false)} />}
      </Modal>
      <Modal open={!!editing} onClose={() => setEditing(null)} title={t('staff.editTitle')}>
        {editing && <MemberForm member={editing} roles={assignable} onSubmit={save} onCancel={() => setEditing(null)} />}
      </Modal>
      <Modal open={!!confirm} onClose={() => (pendingId ? undefined : setConfirm(null))} title={confirm ? t(`staff.confirm.${confirm.kind}Title`, { name: name(confirm.member) }) : ''}>
        {confirm && (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-200">{t(`staff.confirm.${confirm.kind}Body`, { name: name(confirm.member) })}</p>
            <div className="mt-6 flex justify-end gap-2">
              <button type="button" className="btn-secondary" onClick={() => setConfirm(null)} disabled={!!pendingId}>{t('common.cancel')}</button>
              <button type="button" className="btn-primary bg-red-700" disabled={!!pendingId} onClick={() => void act(confirm.member, confirm.kind)}>
                {t(`staff.action.${confirm.kind}`)}
              </button>
            </div>
          </>
        )}
      </Modal>
    </>
  );
}

/** Dates through the one formatter (lib/format.ts): display region, company's calendar. */
function useDateTime(): (iso: string) => string {
  return useFormat().date;
}

const CREATE_FIELDS = ['firstName', 'lastName', 'username', 'email', 'password'] as const;
const EDIT_FIELDS = ['firstName', 'lastName', 'email'] as const;

function MemberForm({ member, roles, onSubmit, onCancel }: {
  member?: StaffMember;
  roles: readonly StaffRole[];
  onSubmit: (values: Record<string, unknown>) => Promise<Record<string, string>>;
  onCancel: () => void;
}) {
  const t = useT();
  const fields = member ? EDIT_FIELDS : CREATE_FIELDS;
  const [values, setValues] = useState<Record<string, string>>(() => ({
    firstName: member?.firstName ?? '', lastName: member?.lastName ?? '', username: '', email: member?.email ?? '', password: '',
    // New users default to STAFF (spec §6).
    role: member?.role ?? (roles.includes('STAFF') ? 'STAFF' : roles[0] ?? ''),
  }));
  const [pendingInvite, setPendingInvite] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // An OWNER edited by someone who may not assign OWNER never reaches this form (actions hidden).
  const roleOptions = member && !roles.includes(member.role as StaffRole) ? [member.role as StaffRole, ...roles] : roles;

  const set = (field: string, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: Record<string, unknown> = member
      ? { firstName: values.firstName, lastName: values.lastName, email: values.email, role: values.role }
      : { ...values, status: pendingInvite ? 'pending' : 'active' };
    const parsed = (member ? updateStaffSchema : createStaffSchema).safeParse(body);
    if (!parsed.success) return setErrors(issuesToErrors(t, parsed.error.issues));
    setSaving(true);
    try {
      setErrors(await onSubmit(body));
    } finally {
      setSaving(false);
    }
  };

  const fieldProps = (f: string) => ({
    id: `staff-${f}`,
    className: 'field-input',
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? `staff-${f}-error` : undefined,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {fields.map((f) => (
        <div key={f}>
          <label htmlFor={`staff-${f}`} className="field-label">{t(`staff.field.${f}`)}{f !== 'email' && ' *'}</label>
          <input
            {...fieldProps(f)}
            type={f === 'password' ? 'password' : f === 'email' ? 'email' : 'text'}
            autoComplete={f === 'password' ? 'new-password' : f === 'username' ? 'off' : undefined}
            dir={f === 'username' || f === 'email' ? 'ltr' : undefined}
            value={values[f]}
            onChange={(e) => set(f, e.target.value)}
          />
          {errors[f] && <p id={`staff-${f}-error`} className="field-error">{errors[f]}</p>}
        </div>
      ))}
      <div>
        <label htmlFor="staff-role" className="field-label">{t('staff.field.role')} *</label>
        <select {...fieldProps('role')} value={values.role} onChange={(e) => set('role', e.target.value)}>
          {roleOptions.map((r) => <option key={r} value={r}>{t(`staff.role.${r}`)}</option>)}
        </select>
        {values.role && <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t(`staff.roleHelp.${values.role}`)}</p>}
        {errors.role && <p id="staff-role-error" className="field-error">{errors.role}</p>}
      </div>
      {!member && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={pendingInvite} onChange={(e) => setPendingInvite(e.target.checked)} />
          {t('staff.field.inviteOnly')}
        </label>
      )}
      <div className="flex justify-end gap-2 pt-2">
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={saving}>{t('common.cancel')}</button>
        <button type="submit" className="btn-primary" disabled={saving}>
          {member ? (saving ? t('staff.saving') : t('staff.save')) : (saving ? t('staff.creating') : t('staff.create'))}
        </button>
      </div>
    </form>
  );
}
