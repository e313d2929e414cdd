import { AUDIENCE_STATUSES, type AudienceStatus } from '@psb/contracts/notifications';
import { Select } from '@psb/ui';

const OPTIONS = Object.entries(AUDIENCE_STATUSES).map(([value, label]) => ({ value, label }));

export function StatusSelect({
  value,
  onChange,
}: {
  value: AudienceStatus;
  onChange: (v: AudienceStatus) => void;
}) {
  return (
    <Select
      label="Status calon murid"
      data={OPTIONS}
      value={value}
      onChange={(v) => onChange((v ?? 'all') as AudienceStatus)}
      allowDeselect={false}
    />
  );
}
