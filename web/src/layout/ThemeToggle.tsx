import { useEffect } from 'react';
import { Icon } from '../components/Icon';
import { useT } from '../i18n';
import { setAppState, useAppState } from '../lib/persisted-state';

/** Keeps the `dark` class on <html> in step with the persisted theme. */
export function ThemeSync() {
  const theme = useAppState((s) => s.theme);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);
  return null;
}

export function ThemeToggle() {
  const t = useT();
  const theme = useAppState((s) => s.theme);
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="btn-ghost"
      onClick={() => setAppState({ theme: dark ? 'light' : 'dark' })}
      aria-label={dark ? t('shell.lightTheme') : t('shell.darkTheme')}
      title={dark ? t('shell.lightTheme') : t('shell.darkTheme')}
    >
      <Icon name={dark ? 'sun' : 'moon'} />
    </button>
  );
}
