import { errorMessage } from '@psb/api-client/http';
import { type ListParams, saveBlob } from '@psb/resource-ui';
import { Button, notify } from '@psb/ui';
import { IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { fetchVoucherSlips } from './api/vouchers';

/**
 * "Cetak slip": the vouchers the list shows (same search, filters and sort, all pages) as a PDF sheet of
 * slips to print, cut and hand to parents.
 */
export function PrintSlipsButton({ params }: { params: Omit<ListParams, 'page'> }) {
  const print = useMutation({
    mutationFn: () => fetchVoucherSlips(params),
    onSuccess: (pdf) => saveBlob(pdf, 'Slip-Voucher.pdf'),
    onError: (e) => notify.error(errorMessage(e)),
  });
  return (
    <Button
      variant="default"
      leftSection={<IconPrinter size={16} stroke={1.6} />}
      loading={print.isPending}
      onClick={() => print.mutate()}
    >
      Cetak slip
    </Button>
  );
}
