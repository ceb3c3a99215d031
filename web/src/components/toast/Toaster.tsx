import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from '../../../../shared/constants';
import { useT } from '../../i18n';
import { dismissToast, useToasts, type Toast } from './toast-store';

/** The notification region: newest first, F8 focuses it, swipe right (or ×) dismisses. */
export function Toaster() {
  const { toasts } = useToasts();
  const t = useT();
  const regionRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === TOAST_HOTKEY) {
        e.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section aria-label={t('common.notifications')}>
      <ol
        ref={regionRef}
        tabIndex={-1}
        className="pointer-events-none fixed bottom-0 end-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm"
      >
        {toasts.map((item) => (
          <ToastItem key={item.id} toast={item} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const t = useT();
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  const destructive = toast.variant === 'destructive';

  const onPointerDown = (e: PointerEvent) => {
    start.current = e.clientX;
  };
  const onPointerMove = (e: PointerEvent) => {
    if (start.current !== null) setDx(Math.max(0, e.clientX - start.current));
  };
  const onPointerUp = () => {
    if (dx > TOAST_SWIPE_THRESHOLD_PX) dismissToast(toast.id);
    start.current = null;
    setDx(0);
  };

  return (
    // The live-region role sits on the content, not on the <li>: a list may hold only list
    // items, and an <li> given another role is no longer one (axe "list").
    <li
      hidden={!toast.open}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={dx ? { transform: `translateX(${dx}px)`, opacity: Math.max(0.2, 1 - dx / 200) } : undefined}
      className={`pointer-events-auto flex items-start gap-3 rounded-ui-lg border p-4 shadow-lg ${
        destructive
          ? 'border-red-700 bg-red-700 text-white'
          : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100'
      }`}
    >
      <div
        role={destructive ? 'alert' : 'status'}
        aria-live={destructive ? 'assertive' : 'polite'}
        aria-atomic="true"
        className="min-w-0 flex-1"
      >
        {toast.title && <p className="text-sm font-semibold">{toast.title}</p>}
        {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
        {toast.action && <div className="mt-2">{toast.action}</div>}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        className="rounded p-1 text-current opacity-80 hover:opacity-100"
        aria-label={t('common.dismiss')}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M6.3 5.3a1 1 0 0 0-1.4 1.4L8.6 10l-3.7 3.3a1 1 0 1 0 1.4 1.4L10 11.4l3.3 3.3a1 1 0 0 0 1.4-1.4L11.4 10l3.3-3.3a1 1 0 0 0-1.4-1.4L10 8.6 6.3 5.3Z" />
        </svg>
      </button>
    </li>
  );
}
