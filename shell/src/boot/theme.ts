import { useSession } from '@psb/api-client/session';
import { DEFAULT_THEME } from '@psb/contracts/core';
import { themeRequest } from './early';
import { getTheme } from './themeApi';

/**
 * The colour check of @psb/ui's palette (#rgb or #rrggbb), here so that reading the theme does not evaluate
 * @psb/ui (all of Mantine) before the boot's first yield.
 */
const isHexColor = (value: string) => /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.test(value.trim());

/** The request the entry chunk started when it could, else one through the api client. */
function fetchTheme(): Promise<{ theme: string }> {
  const early = themeRequest();
  if (!early) return getTheme();
  return early.then((response) => {
    if (!response.ok) throw new Error(`theme: HTTP ${response.status}`);
    return response.json() as Promise<{ theme: string }>;
  });
}

export interface ThemeColors {
  /** The colour this browser last saw for the tenant (kept with the session); null on a first visit. */
  cached: string | null;
  /** The tenant's colour from the api; the cached one, then #055837, when the api does not answer. */
  fresh: Promise<string>;
}

/**
 * Stale-while-revalidate for the tenant colour: the first view is drawn with the cached colour at once and
 * redrawn only if the api names another one. A first visit has nothing cached and waits for the api.
 */
export function themeColors(): ThemeColors {
  const stored = useSession.getState().theme;
  const cached = stored && isHexColor(stored) ? stored : null;
  const fresh = fetchTheme()
    .then(({ theme }) => {
      if (!isHexColor(theme)) throw new Error('theme: not a colour');
      // Only a new colour is written (each session write encrypts the whole session again).
      if (theme !== stored) useSession.getState().setSite({ theme });
      return theme;
    })
    .catch(() => cached ?? DEFAULT_THEME); // boot must not fail on the theme
  return { cached, fresh };
}

/** The browser UI colour follows the tenant. */
export function applyThemeColorMeta(hex: string) {
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', hex);
}
