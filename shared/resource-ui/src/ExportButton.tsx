import { Button, Loader } from '@mantine/core';
import { errorMessage } from '@psb/api-client/http';
import type { ResourceDecl } from '@psb/contracts/resources';
import { notify } from '@psb/ui';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { fetchExport, type ListParams, saveBlob } from './api';

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('id-ID')} KB`;

/**
 * Downloads the list (with its current search, filters and sort) as the declaration's xlsx file. The file is
 * fetched with the session's token, so the button shows the bytes received while the server streams it.
 */
export function ExportButton({ decl, params }: { decl: ResourceDecl; params: Omit<ListParams, 'page'> }) {
  const [bytes, setBytes] = useState<number | null>(null);
  const exporting = bytes !== null;
  const run = async () => {
    setBytes(0);
    try {
      const blob = await fetchExport(decl, params, setBytes);
      saveBlob(blob, `${decl.exportFileName}.xlsx`);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBytes(null);
    }
  };
  return (
    <Button
      variant="default"
      onClick={() => void run()}
      disabled={exporting}
      aria-busy={exporting}
      leftSection={exporting ? <Loader size={14} /> : <IconFileSpreadsheet size={16} stroke={1.6} />}
      miw={150}
    >
      {exporting ? `Mengekspor… ${bytes > 0 ? kilobytes(bytes) : ''}`.trim() : 'Ekspor Excel'}
    </Button>
  );
}
