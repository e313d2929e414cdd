import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { configureApiClient, currentTenant, resolveApiBase } from '@psb/api-client/http';
import { useSession } from '@psb/api-client/session';
import { showServerError } from '@psb/ui';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadRegistry } from './boot/registry';
import { applyThemeColorMeta, loadThemeColor } from './boot/theme';

async function boot() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  useSession.getState().setSite({ subdomain: currentTenant(), base_url: resolveApiBase() });
  // Only while booting is a failed theme call silent; from here on SPEC 8's message applies.
  const [, themeColor] = await Promise.all([loadRegistry(), loadThemeColor()]);
  configureApiClient({ onServerError: showServerError });
  applyThemeColorMeta(themeColor);
  createRoot(container).render(<App themeColor={themeColor} />);
  // workbox-window is not needed to draw the first page: fetch it once the app has rendered.
  if (process.env.NODE_ENV === 'production')
    void import('./pwa/registerServiceWorker').then((pwa) => pwa.registerServiceWorker());
}

void boot();
