/**
 * PWA install (spec §2, §4): the button appears only when the browser signals installability
 * (beforeinstallprompt) and the app is not already standalone; the dialog opens by itself 10 s
 * later unless dismissed in this session (sessionStorage); an appinstalled event hides it.
 */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { INSTALL_PROMPT_DELAY_MS } from '../../../shared/constants';
import { useT } from '../i18n';

export const INSTALL_DISMISSED_KEY = 'sy_install_prompt_dismissed';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(INSTALL_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function InstallPrompt({ className = '' }: { className?: string }) {
  const t = useT();
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (isStandalone()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setDeferred(e as BeforeInstallPromptEvent);
      if (!dismissedThisSession()) {
        clearTimeout(timer);
        timer = setTimeout(() => setOpen(true), INSTALL_PROMPT_DELAY_MS);
      }
    };
    const onInstalled = () => {
      setDeferred(null);
      setOpen(false);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const close = () => {
    setOpen(false);
    try {
      sessionStorage.setItem(INSTALL_DISMISSED_KEY, 'true');
    } catch {
      // ignore
    }
  };

  const install = async () => {
    if (!deferred) return;
    await deferred.prompt();
    const choice = await deferred.userChoice;
    setOpen(false);
    if (choice.outcome === 'accepted') setDeferred(null);
  };

  if (!deferred) return null;
  const benefits = ['installBenefitOffline', 'installBenefitFast', 'installBenefitNative', 'installBenefitHome'];
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={`btn-ghost ${className}`}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M12 3v12m0 0 4-4m-4 4-4-4M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"
          />
        </svg>
        <span>{t('common.installApp')}</span>
      </button>
      <Dialog open={open} onClose={close} className="relative z-[95]">
        <div className="fixed inset-0 bg-slate-950/50" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="w-full max-w-md rounded-ui-lg bg-white p-6 shadow-xl dark:bg-slate-900">
            <DialogTitle className="text-lg font-semibold">
              {t('common.installTitle', { product: t('common.appName') })}
            </DialogTitle>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('common.installIntro')}</p>
            <ul className="mt-4 space-y-2 text-sm">
              {benefits.map((b) => (
                <li key={b} className="flex items-center gap-2">
                  <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 text-emerald-600" fill="currentColor">
                    <path d="M8.1 13.6 4.5 10l-1.4 1.4 5 5 9-9-1.4-1.4z" />
                  </svg>
                  {t(`common.${b}`)}
                </li>
              ))}
            </ul>
            <div className="mt-6 flex justify-end gap-3">
              <button type="button" className="btn-secondary" onClick={close}>
                {t('common.close')}
              </button>
              <button type="button" className="btn-primary" onClick={() => void install()}>
                {t('common.installNow')}
              </button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
