import { Workbox } from 'workbox-window';
import { useUpdateState } from './updateState';

/**
 * Registers the generated service worker. A new version waits (skipWaiting is off) until the user presses
 * Update in the dialog; then it takes over and the page reloads into the new version.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    useUpdateState.getState().offer(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  wb.register()
    .then((registration) => {
      // Lets browser tests see that registration happened.
      if (registration) document.documentElement.dataset.sw = 'registered';
    })
    .catch((error: unknown) => console.warn('Service worker tidak terdaftar', error));
}
