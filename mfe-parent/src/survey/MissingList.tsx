import type { MissingItem } from '@psb/contracts/parent';
import { Anchor, Stack, Text } from '@psb/ui';
import { useState } from 'react';
import { groupMissing } from './missing';

/** "What is still missing", per tab of the form: counts first, the labels on request (or when few). */
export function MissingList({ missing, expanded }: { missing: readonly MissingItem[]; expanded?: boolean }) {
  const [open, setOpen] = useState(expanded ?? missing.length <= 8);
  const groups = groupMissing(missing);
  return (
    <Stack gap={6}>
      {groups.map((g) => (
        <div key={g.tab}>
          <Text size="sm" fw={600}>
            {g.tab}
            {!open && (
              <Text span size="sm" fw={400}>
                {' '}
                — {g.labels.length} isian
              </Text>
            )}
          </Text>
          {open && (
            <Text size="sm" c="gray.8">
              {g.labels.join(', ')}
            </Text>
          )}
        </div>
      ))}
      <Anchor
        component="button"
        type="button"
        size="sm"
        w="fit-content"
        onClick={() => setOpen(!open)}
        c="gray.9"
        td="underline"
      >
        {open ? 'Sembunyikan rincian' : 'Lihat rincian'}
      </Anchor>
    </Stack>
  );
}
