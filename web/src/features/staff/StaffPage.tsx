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
import { canManageStaffMember, type Role } from '../../../../shared/permissions';
import {
  createStaffSchema,
  STAFF_ROLES,
  updateStaffSchema,
  type StaffMember,
  type StaffRole,
  type StaffStatus,
} from '../../../../shared/schemas/staff';
import { Modal } from '../../components/Dialogs';
import { FormField } from '../../components/FormField';
import { EmptyList, ListState, ListTable, LoadMoreButton } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill, type Tone } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { useAuth } from '../../auth/context';
import { ME_PATH } from '../../auth/session';
import { useLanguage, useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { toastApiError } from '../../lib/api-errors';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useInvalidate } from '../../lib/invalidate';
import { useAppState } from '../../lib/persisted-state';
import { useCan } from '../../lib/use-can';
import { useCursorList } from '../../lib/use-cursor-list';
import { STAFF_PAGE_SIZE, STAFF_PATH, staffApi } from './staff-api';

const STATUS_TONES: Record<StaffStatus, Tone> = { active: 'green', pending: 'amber', suspended: 'red' };
const ROLE_TONES: Record<string, Tone> = {
  OWNER: 'indigo',
  ADMIN: 'blue',
  STAFF: 'slate',
  MECHANIC: 'orange',
  SUPERADMIN: 'violet',
};

type Confirm = { kind: 'suspend' | 'remove'; member: StaffMember } | null;

export default function StaffPage() {
  const t = useT();
  const { user } = useAuth();
  // Its own key: the session keeps ME_PATH as a parsed User, which has no isDemo.
  const me = useSWR<{ user?: { isDemo?: boolean } } | null>([ME_PATH, 'staff-page']);
  const isDemo = me.data?.user?.isDemo === true;
  const myRole = user?.role as Role | undefined;
  const canEdit = useCan('staffEdit') && !isDemo;
  const date = useDateTime();
  const invalidateAll = useInvalidate();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);

  const list = useCursorList<StaffMember>('listStaff', {}, { limit: STAFF_PAGE_SIZE });
  const invalidate = () => void invalidateAll(STAFF_PATH);
  const members = list.items;

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
      toastApiError(t(action === 'remove' ? 'staff.toast.removeFailed' : 'staff.toast.updateFailed'), error);
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
      return toastApiError(t('staff.toast.createFailed'), error).fields;
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
      return toastApiError(t('staff.toast.updateFailed'), error).fields;
    }
  };

  return (
    <>
      <PageHeader
        title={t('staff.title')}
        subtitle={t('staff.subtitle')}
        actions={
          canEdit ? (
            <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
              {t('staff.addStaff')}
            </button>
          ) : undefined
        }
      />
      {isDemo && (
        <p
          role="note"
          className="mb-4 rounded-ui border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('staff.demoNotice')}
        </p>
      )}

      <ListState list={list} errorTitle={t('staff.loadFailed')} empty={<EmptyList area="staff" />}>
        <ListTable
          columns={[
            ...(['name', 'username', 'role', 'status', 'lastActive'] as const).map((c) => t(`staff.column.${c}`)),
            ...(canEdit ? [t('staff.actions')] : []),
          ]}
        >
          {members.map((m) => {
            const self = m.id === user?.id;
            const busy = pendingId === m.id;
            return (
              <tr key={m.id} data-staff-username={m.username}>
                <td className="px-3 py-2">
                  <div className="font-medium">
                    {name(m)}
                    {self && <span className="ms-2 text-xs text-slate-500">({t('staff.you')})</span>}
                  </div>
                  {m.email && (
                    <div className="text-xs text-slate-600 dark:text-slate-300" dir="ltr">
                      {m.email}
                    </div>
                  )}
                </td>
                <td className="px-3 py-2 font-mono" dir="ltr">
                  {m.username}
                </td>
                <td className="px-3 py-2" title={t(`staff.roleHelp.${m.role}`)}>
                  <StatusPill status={m.role} labelKey="staff.role" tones={ROLE_TONES} dataName="role" />
                </td>
                <td className="px-3 py-2">
                  <StatusPill status={m.status} labelKey="staff.status" tones={STATUS_TONES} />
                </td>
                <td className="px-3 py-2">{m.lastActiveAt ? date(m.lastActiveAt) : t('staff.never')}</td>
                {canEdit && (
                  <td className="px-3 py-2">
                    {manages(m) && (
                      <span className="flex flex-wrap gap-3">
                        <button type="button" className="link text-xs" disabled={busy} onClick={() => setEditing(m)}>
                          {t('staff.action.edit')}
                        </button>
                        {m.status === 'pending' && (
                          <button
                            type="button"
                            className="link text-xs"
                            disabled={busy}
                            onClick={() => void act(m, 'activate')}
                          >
                            {t('staff.action.activate')}
                          </button>
                        )}
                        {m.status === 'suspended' && (
                          <button
                            type="button"
                            className="link text-xs"
                            disabled={busy}
                            onClick={() => void act(m, 'unsuspend')}
                          >
                            {t('staff.action.unsuspend')}
                          </button>
                        )}
                        {!self && m.status !== 'suspended' && (
                          <button
                            type="button"
                            className="link text-xs text-red-700 dark:text-red-300"
                            disabled={busy}
                            onClick={() => setConfirm({ kind: 'suspend', member: m })}
                          >
                            {t('staff.action.suspend')}
                          </button>
                        )}
                        {!self && (
                          <button
                            type="button"
                            className="link text-xs text-red-700 dark:text-red-300"
                            disabled={busy}
                            onClick={() => setConfirm({ kind: 'remove', member: m })}
                          >
                            {t('staff.action.remove')}
                          </button>
                        )}
                      </span>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </ListTable>
      </ListState>
      <LoadMoreButton list={list} label={t('staff.loadMore')} />

      <Modal open={adding} onClose={() => setAdding(false)} title={t('staff.addTitle')}>
        {adding && <MemberForm roles={assignable} onSubmit={create} onCancel={() => setAdding(false)} />}
      </Modal>
      <Modal open={!!editing} onClose={() => setEditing(null)} title={t('staff.editTitle')}>
        {editing && (
          <MemberForm member={editing} roles={assignable} onSubmit={save} onCancel={() => setEditing(null)} />
        )}
      </Modal>
      <Modal
        open={!!confirm}
        onClose={() => (pendingId ? undefined : setConfirm(null))}
        title={confirm ? t(`staff.confirm.${confirm.kind}Title`, { name: name(confirm.member) }) : ''}
      >
        {confirm && (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-200">
              {t(`staff.confirm.${confirm.kind}Body`, { name: name(confirm.member) })}
            </p>
            <div className="mt-6 flex justify-end gap-2">
              <button type="button" className="btn-secondary" onClick={() => setConfirm(null)} disabled={!!pendingId}>
                {t('common.cancel')}
              </button>
              <button
                type="button"
                className="btn-primary bg-red-700"
                disabled={!!pendingId}
                onClick={() => void act(confirm.member, confirm.kind)}
              >
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

function MemberForm({
  member,
  roles,
  onSubmit,
  onCancel,
}: {
  member?: StaffMember;
  roles: readonly StaffRole[];
  onSubmit: (values: Record<string, unknown>) => Promise<Record<string, string>>;
  onCancel: () => void;
}) {
  const t = useT();
  const fields = member ? EDIT_FIELDS : CREATE_FIELDS;
  const [values, setValues] = useState<Record<string, string>>(() => ({
    firstName: member?.firstName ?? '',
    lastName: member?.lastName ?? '',
    username: '',
    email: member?.email ?? '',
    password: '',
    // New users default to STAFF (spec §6).
    role: member?.role ?? (roles.includes('STAFF') ? 'STAFF' : (roles[0] ?? '')),
  }));
  const [pendingInvite, setPendingInvite] = useState(false);
  const form = useFormSubmit<Record<string, unknown>>(member ? updateStaffSchema : createStaffSchema, onSubmit);
  const { errors, saving } = form;
  // An OWNER edited by someone who may not assign OWNER never reaches this form (actions hidden).
  const roleOptions =
    member && !roles.includes(member.role as StaffRole) ? [member.role as StaffRole, ...roles] : roles;

  const set = (field: string, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clearError(field);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(
      member
        ? { firstName: values.firstName, lastName: values.lastName, email: values.email, role: values.role }
        : { ...values, status: pendingInvite ? 'pending' : 'active' },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {fields.map((f) => (
        <FormField
          key={f}
          id={`staff-${f}`}
          label={`${t(`staff.field.${f}`)}${f !== 'email' ? ' *' : ''}`}
          error={errors[f] || undefined}
        >
          <input
            className="field-input"
            type={f === 'password' ? 'password' : f === 'email' ? 'email' : 'text'}
            autoComplete={f === 'password' ? 'new-password' : f === 'username' ? 'off' : undefined}
            dir={f === 'username' || f === 'email' ? 'ltr' : undefined}
            value={values[f]}
            onChange={(e) => set(f, e.target.value)}
          />
        </FormField>
      ))}
      <FormField
        id="staff-role"
        label={`${t('staff.field.role')} *`}
        error={errors.role || undefined}
        hint={values.role ? t(`staff.roleHelp.${values.role}`) : undefined}
      >
        <select className="field-input" value={values.role} onChange={(e) => set('role', e.target.value)}>
          {roleOptions.map((r) => (
            <option key={r} value={r}>
              {t(`staff.role.${r}`)}
            </option>
          ))}
        </select>
      </FormField>
      {!member && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={pendingInvite} onChange={(e) => setPendingInvite(e.target.checked)} />
          {t('staff.field.inviteOnly')}
        </label>
      )}
      <div className="flex justify-end gap-2 pt-2">
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={saving}>
          {member ? (saving ? t('staff.saving') : t('staff.save')) : saving ? t('staff.creating') : t('staff.create')}
        </button>
      </div>
    </form>
  );
}
