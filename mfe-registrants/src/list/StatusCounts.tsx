import {
  REGISTRANT_STATUSES,
  type RegistrantStatus,
  STATUS_COLORS,
  STATUS_LABELS,
} from '@psb/contracts/registrants-admin';
import { Badge, Group, UnstyledButton } from '@psb/ui';

interface Props {
  counts: Record<string, number>;
  active: string | undefined;
  onPick: (status: RegistrantStatus | undefined) => void;
}

/** How many registrants each state holds under the other filters; a click filters by that state. */
export function StatusCounts({ counts, active, onPick }: Props) {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <Group gap="xs" data-testid="status-counts" role="group" aria-label="Jumlah per status">
      <UnstyledButton onClick={() => onPick(undefined)} aria-pressed={!active}>
        <Badge variant={active ? 'outline' : 'filled'} color="gray.8" tt="none" size="lg">
          Semua: {total.toLocaleString('id-ID')}
        </Badge>
      </UnstyledButton>
      {REGISTRANT_STATUSES.filter((s) => counts[s]).map((s) => (
        <UnstyledButton
          key={s}
          onClick={() => onPick(active === s ? undefined : s)}
          aria-pressed={active === s}
        >
          <Badge
            variant={active === s ? 'filled' : 'dot'}
            color={STATUS_COLORS[s]}
            tt="none"
            size="lg"
            data-testid={`count-${s}`}
            styles={active === s ? undefined : { label: { color: 'var(--mantine-color-text)' } }}
          >
            {STATUS_LABELS[s]}: {counts[s]!.toLocaleString('id-ID')}
          </Badge>
        </UnstyledButton>
      ))}
    </Group>
  );
}
