import type { RegistrantSummary } from '@psb/contracts/parent';
import { STATUS_COLORS } from '@psb/contracts/registrant-status';
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

/** The badge colour of the registrant's state (the same colours staff see). */
export const registrantStatusColor = (r: Pick<RegistrantSummary, 'status'>) => STATUS_COLORS[r.status];
