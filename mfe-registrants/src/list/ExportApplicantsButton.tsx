import { errorMessage } from '@psb/api-client/http';
import { APPLICANTS_EXPORT_FILE } from '@psb/contracts/registrants-admin';
import { saveBlob } from '@psb/resource-ui';
import { Button, notify, Progress, Stack } from '@psb/ui';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import type { ListFilters } from '../common/api/registrants';
import { fetchApplicants } from './api/registrants';

/**
 * Downloads the applicants of the current filters. The server prepares the whole file first and then sends
 * it with its length, so the bar shows the share received.
 */
export function ExportApplicantsButton({ filters }: { filters: ListFilters }) {
  const [percent, setPercent] = useState<number | null>(null);
  const run = async () => {
    setPercent(0);
    try {
      const blob = await fetchApplicants(filters, (p) => setPercent(p));
      saveBlob(blob, `${APPLICANTS_EXPORT_FILE}.xlsx`);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setPercent(null);
    }
  };
  const busy = percent !== null;
  return (
    <Stack gap={4} miw={170}>
      <Button
        variant="default"
        onClick={() => void run()}
        loading={busy && percent === 0}
        disabled={busy}
        aria-busy={busy}
        leftSection={<IconFileSpreadsheet size={16} stroke={1.6} aria-hidden />}
        data-testid="export-applicants"
      >
        {busy ? `Mengekspor… ${percent}%` : 'Ekspor Pendaftar'}
      </Button>
      {busy && <Progress value={percent} size="xs" aria-label="Kemajuan ekspor" />}
    </Stack>
  );
}
