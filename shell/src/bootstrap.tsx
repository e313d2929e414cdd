import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { configureApiClient, currentTenant, resolveApiBase } from '@psb/api-client/http';
import { useSession } from '@psb/api-client/session';
import { startTransition } from 'react';
import { afterLoadWhenIdle } from './boot/afterLoad';
import { loadRegistry } from './boot/registry';
import { applyThemeColorMeta, themeColors } from './boot/theme';
import { preloadRoute } from './routing/preloadRoute';

/**
 * Lets the browser paint and handle input before the next piece of start-up work. Evaluating React DOM,
 * Mantine and the app's modules in one go is one long task on a phone (hundreds of milliseconds at 4× CPU
 * slowdown, every one of them counted as blocking); in pieces each one is short.
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const site = { subdomain: currentTenant(), base_url: resolveApiBase() };
  const stored = useSession.getState();
  // Every session write re-encrypts the whole session (pure-JS AES on a phone's main thread): only a change
  // is written.
  if (stored.subdomain !== site.subdomain || stored.base_url !== site.base_url)
    useSession.getState().setSite(site);
  const registry = loadRegistry();
  const theme = themeColors();
  // The page's remote loads while React draws the shell, not after it.
  preloadRoute(location.pathname, registry);
  // The modules below are in this chunk already (eager: no request of their own); importing them one at a
  // time only spreads their evaluation over several tasks.
  await yieldToBrowser();
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await yieldToBrowser();
  const { showServerError } = await import(/* webpackMode: "eager" */ '@psb/ui');
  // Only while booting is a failed theme call silent; from here on the server-error message applies.
  void Promise.all([registry, theme.fresh]).then(() =>
    configureApiClient({ onServerError: showServerError }),
  );
  await yieldToBrowser();
  const { App } = await import(/* webpackMode: "eager" */ './app/App');
  // The registry request left with the entry chunk and is normally in by now; remote pages and the admin
  // menu need it, so the first render waits for it (never for a cached copy).
  const [, firstColor] = await Promise.all([registry, theme.cached ?? theme.fresh]);
  applyThemeColorMeta(firstColor);
  await yieldToBrowser();
  const root = createRoot(container);
  // As a transition React renders the app in slices of a few milliseconds, yielding to the browser between
  // them, instead of one long task that blocks a slow phone's input for the whole first render. The splash
  // (or the server-drawn first view) stays on screen until the render commits.
  startTransition(() => root.render(<App themeColor={firstColor} />));
  void theme.fresh.then((color) => {
    if (color === firstColor) return;
    applyThemeColorMeta(color);
    startTransition(() => root.render(<App themeColor={color} />));
  });
  // workbox-window is not needed to draw the first page, and the worker's install downloads the whole shell:
  // both wait until the page's own files are in.
  if (process.env.NODE_ENV === 'production')
    afterLoadWhenIdle(
      () => void import('./pwa/registerServiceWorker').then((pwa) => pwa.registerServiceWorker()),
    );
}

void boot();
