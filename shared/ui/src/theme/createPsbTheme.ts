import { createTheme, type MantineThemeOverride } from '@mantine/core';
import { DEFAULT_THEME } from '@psb/contracts/core';
import { isHexColor, paletteFrom } from './palette';

/** The Mantine theme of one tenant, from its primary colour (GET public/theme); invalid input → #055837. */
export function createPsbTheme(primaryHex: string = DEFAULT_THEME): MantineThemeOverride {
  const hex = isHexColor(primaryHex) ? primaryHex : DEFAULT_THEME;
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: paletteFrom(hex) },
    autoContrast: true,
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  });
}
