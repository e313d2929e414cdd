import type { MantineColorsTuple } from '@mantine/core';

const parseHex = (hex: string): [number, number, number] | null => {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
};

const toHex = (rgb: readonly number[]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

const mix = (rgb: readonly number[], target: number, amount: number) =>
  rgb.map((c) => c + (target - c) * amount);

export const isHexColor = (value: string) => parseHex(value) !== null;

/**
 * Ten shades with the tenant's colour at index 6 (Mantine's default primary shade): lighter shades mix
 * towards white, darker towards black. @mantine/colors-generator was not used because it puts a dark colour
 * such as #055837 at shade 9 and makes shade 6 a bright mint, which would change the brand's look.
 */
export function paletteFrom(hex: string): MantineColorsTuple {
  const rgb = parseHex(hex);
  if (!rgb) throw new Error(`Not a hex colour: ${hex}`);
  const lighter = [0.92, 0.84, 0.7, 0.55, 0.4, 0.2].map((a) => toHex(mix(rgb, 255, a)));
  const darker = [0.15, 0.3, 0.45].map((a) => toHex(mix(rgb, 0, a)));
  return [...lighter, toHex(rgb), ...darker] as unknown as MantineColorsTuple;
}
