import { type RegistrantStatus, STATUS_COLORS, STATUS_LABELS } from '@psb/contracts/registrants-admin';
import { Badge, WHOLE_BADGE } from '@psb/ui';

/** A registrant's state as a dot badge (the text stays dark, readable on any colour). */
export function StatusBadge({
  status,
  size = 'md',
}: {
  status: RegistrantStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge
      variant="dot"
      color={STATUS_COLORS[status]}
      tt="none"
      radius="sm"
      size={size}
      {...WHOLE_BADGE}
      data-testid="status-badge"
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}
