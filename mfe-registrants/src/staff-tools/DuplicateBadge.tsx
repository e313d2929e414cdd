import { DUPLICATE_COUNT_CAP, DUPLICATE_LABEL } from '@psb/contracts/registrants-admin';
import { Badge, WHOLE_BADGE } from '@psb/ui';

/** Shown on a list row that has other registrants which may be the same child. */
export function DuplicateBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge
      color="orange"
      variant="light"
      size="sm"
      {...WHOLE_BADGE}
      title={`${count >= DUPLICATE_COUNT_CAP ? `${DUPLICATE_COUNT_CAP} atau lebih` : count} calon murid lain mungkin anak yang sama`}
      data-testid="duplicate-badge"
    >
      {DUPLICATE_LABEL}
    </Badge>
  );
}
