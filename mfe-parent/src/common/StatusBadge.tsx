import type { RegistrantSummary } from '@psb/contracts/parent';
import { Badge } from '@psb/ui';

/** A status as a dot badge: the colour is the dot, the text stays dark (readable on any tenant colour). */
interface StatusBadgeProps {
  color: string;
  children: string;
  size?: 'sm' | 'md' | 'lg';
  'data-testid'?: string;
}

export function StatusBadge({ color, children, size = 'md', ...rest }: StatusBadgeProps) {
  return (
    <Badge variant="dot" color={color} tt="none" radius="sm" size={size} style={{ flexShrink: 0 }} {...rest}>
      {children}
    </Badge>
  );
}

export const registrantStatusColor = (
  r: Pick<RegistrantSummary, 'is_accepted' | 'is_submit' | 'survey_completed_at'>,
) =>
  r.is_accepted === true
    ? 'green'
    : r.is_accepted === false
      ? 'red'
      : r.is_submit
        ? 'blue'
        : r.survey_completed_at
          ? 'teal'
          : 'yellow';
