import { errorMessage } from '@psb/api-client/http';
import { saveBlob } from '@psb/resource-ui';
import { Button, notify } from '@psb/ui';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { fetchLoginSlip } from './api/loginSlip';

/** "Cetak Slip Login": downloads the slip PDF (with the temporary password while this page still has it). */
export function SlipButton({
  id,
  registrationNumber,
  temporaryPassword,
}: {
  id: number;
  registrationNumber: string;
  temporaryPassword: string | null;
}) {
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchLoginSlip(id, temporaryPassword), `Slip-Login-${registrationNumber}.pdf`);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button leftSection={<IconPrinter size={16} aria-hidden />} loading={busy} onClick={() => void print()}>
      Cetak Slip Login
    </Button>
  );
}
