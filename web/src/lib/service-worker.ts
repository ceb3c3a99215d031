/**
 * Registers /service-worker.js (spec §7) in production builds and asks
 * "New version available! Reload to update?" when an update is waiting.
 */
import { t } from '../i18n';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/service-worker.js')
      .then((registration) => {
        // Reload only after the user accepted an update (the first install also changes controller).
        let accepted = false;
        const promptFor = (worker: ServiceWorker | null) => {
          if (!worker) return;
          // An update only matters when a previous version controls the page.
          if (navigator.serviceWorker.controller && window.confirm(t('common.updateAvailable'))) {
            accepted = true;
            worker.postMessage({ type: 'SKIP_WAITING' });
          }
        };
        if (registration.waiting) promptFor(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const worker = registration.installing;
          worker?.addEventListener('statechange', () => {
            if (worker.state === 'installed') promptFor(worker);
          });
        });
        let reloading = false;
        navigator.serviceWorker.addEventListener('controllerchange', () => {
          if (!accepted || reloading) return;
          reloading = true;
          window.location.reload();
        });
      })
      .catch((error: unknown) => console.error('[service worker] registration failed', error));
  });
}
