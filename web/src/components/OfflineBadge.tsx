import { useEffect, useState } from 'react';
import { OFFLINE_FLAG_TIMER_MS } from '../../../shared/constants';
import { useT } from '../i18n';

/**
 * "You're offline - Some features may be limited" while offline; "Back online" briefly after
 * (spec §4: the "just went offline" flag clears after 5 s; the same span for "Back online").
 */
export function OfflineBadge() {
  const t = useT();
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  const [justChanged, setJustChanged] = useState(false);

  useEffect(() => {
    const on = () => {
      setOnline(true);
      setJustChanged(true);
    };
    const off = () => {
      setOnline(false);
      setJustChanged(true);
    };
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);

  useEffect(() => {
    if (!justChanged) return;
    const timer = setTimeout(() => setJustChanged(false), OFFLINE_FLAG_TIMER_MS);
    return () => clearTimeout(timer);
  }, [justChanged, online]);

  if (online && !justChanged) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className={`fixed bottom-4 start-4 z-[90] rounded-full px-4 py-2 text-sm font-medium shadow-lg ${
        online ? 'bg-emerald-700 text-white' : 'bg-amber-500 text-slate-950'
      }`}
    >
      {online ? t('common.backOnline') : t('common.offline')}
    </div>
  );
}
