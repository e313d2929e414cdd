import { useSession } from '@psb/api-client/session';
import { DEFAULT_THEME } from '@psb/contracts/core';
import { isHexColor } from '@psb/ui';
import { getTheme } from './themeApi';

/** The tenant's primary colour; the last known one, then #055837, when the api does not answer. */
export async function loadThemeColor(): Promise<string> {
  const cached = useSession.getState().theme;
  try {
    const { theme } = await getTheme();
    if (isHexColor(theme)) {
      useSession.getState().setSite({ theme });
      return theme;
    }
  } catch {
    // Boot must not fail on the theme: fall through to the fallback.
  }
  return cached && isHexColor(cached) ? cached : DEFAULT_THEME;
}

/** The browser UI colour follows the tenant. */
export function applyThemeColorMeta(hex: string) {
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', hex);
}
