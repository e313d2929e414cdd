import { type RegistrantStatus, STATUS_COLORS, STATUS_LABELS } from '@psb/contracts/registrants-admin';
import { Badge } from '@psb/ui';

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
      // The whole label, never "Sudah mengikuti…": the badge is as wide as its text.
      maw="none"
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
      style={{ flexShrink: 0 }}
      data-testid="status-badge"
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}
