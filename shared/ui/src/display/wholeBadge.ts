/**
 * Props for a Badge whose label is never cut to "Kemungkinan…" in a narrow table column: it is as wide as its
 * text and does not shrink (Mantine cuts a badge's label with an ellipsis by default).
 */
export const WHOLE_BADGE = {
  maw: 'none',
  styles: { label: { overflow: 'visible', textOverflow: 'clip' } },
  style: { flexShrink: 0 },
} as const;
