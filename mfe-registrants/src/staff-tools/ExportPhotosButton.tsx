import { errorMessage } from '@psb/api-client/http';
import { PHOTOS_EXPORT_FILE } from '@psb/contracts/registrants-admin';
import { saveBlob } from '@psb/resource-ui';
import { Button, notify, Progress, Stack } from '@psb/ui';
import { IconPhotoDown } from '@tabler/icons-react';
import { useState } from 'react';
import type { ListFilters } from '../common/api/registrants';
import { fetchPhotos } from './api/staffTools';

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;

/**
 * Downloads the photos of the current filters as one zip. The server builds the zip while sending it (its
 * length is not known up front), so the button shows how much has arrived and the bar runs indeterminately.
 */
export function ExportPhotosButton({ filters }: { filters: ListFilters }) {
  const [bytes, setBytes] = useState<number | null>(null);
  const run = async () => {
    setBytes(0);
    try {
      const blob = await fetchPhotos(filters, setBytes);
      saveBlob(blob, `${PHOTOS_EXPORT_FILE}.zip`);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBytes(null);
    }
  };
  const busy = bytes !== null;
  return (
    <Stack gap={4} miw={170}>
      <Button
        variant="default"
        onClick={() => void run()}
        loading={busy && bytes === 0}
        disabled={busy}
        aria-busy={busy}
        leftSection={<IconPhotoDown size={16} stroke={1.6} aria-hidden />}
        data-testid="export-photos"
      >
        {busy ? `Mengunduh foto… ${size(bytes)}` : 'Ekspor Foto'}
      </Button>
      {busy && <Progress value={100} animated striped size="xs" aria-label="Kemajuan ekspor foto" />}
    </Stack>
  );
}
