import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useAuth } from '../auth/context';
import { displayName } from '../auth/session';
import { Icon } from '../components/Icon';
import { useT } from '../i18n';

export function UserMenu() {
  const t = useT();
  const { user, logout } = useAuth();
  const name = displayName(user);
  const initials = name.slice(0, 2).toUpperCase();
  return (
    <Menu as="div" className="relative">
      <MenuButton className="btn-ghost" aria-label={t('shell.accountMenu')}>
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-full bg-primary-strong text-xs font-semibold text-white"
        >
          {initials}
        </span>
        <span className="hidden max-w-[10rem] truncate md:inline">{name}</span>
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-[80] w-60 rounded-ui-lg border border-slate-200 bg-white p-1 text-sm shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        <div className="px-3 py-2">
          <p className="text-xs text-slate-600 dark:text-slate-300">{t('shell.signedInAs')}</p>
          <p className="truncate font-medium">{user?.username}</p>
          {user && <p className="text-xs text-slate-600 dark:text-slate-300">{t(`shell.roles.${user.role}`)}</p>}
        </div>
        <div className="my-1 border-t border-slate-200 dark:border-slate-700" />
        <MenuItem>
          <button
            type="button"
            onClick={() => void logout()}
            className="flex w-full items-center gap-2 rounded-ui px-3 py-2 text-start data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800"
          >
            <Icon name="logout" className="h-4 w-4 rtl:rotate-180" />
            {t('shell.signOut')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
