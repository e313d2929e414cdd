import { Alert } from '@psb/ui';
import type { ComponentProps } from 'react';

const STYLES = { title: { color: 'var(--mantine-color-text)' } };

/** A Mantine Alert whose title stays dark: light yellow/orange titles are too faint to read (WCAG AA). */
export function Notice(props: ComponentProps<typeof Alert>) {
  return <Alert styles={STYLES} {...props} />;
}
