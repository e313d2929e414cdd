import {
  DOCUMENT_STATE_COLORS,
  DOCUMENT_STATE_LABELS,
  type DocumentState,
} from '@psb/contracts/registrants-admin';
import { Badge } from '@psb/ui';

export function DocumentStateBadge({ state }: { state: DocumentState }) {
  return (
    <Badge variant="light" color={DOCUMENT_STATE_COLORS[state]} tt="none" radius="sm" c="dark.7">
      {DOCUMENT_STATE_LABELS[state]}
    </Badge>
  );
}
