import { errorMessage } from '@psb/api-client/http';
import { type ResourceRecord, resourceKeys } from '@psb/resource-ui';
import { ActionIcon, modals, notify, Text, Tooltip } from '@psb/ui';
import { IconRestore } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetVoucher } from './api/vouchers';

/**
 * Reset on a used voucher: makes it usable again. The server refuses while the registrant made with it still
 * exists, and says which one.
 */
export function ResetVoucherAction({ voucher }: { voucher: ResourceRecord }) {
  const queryClient = useQueryClient();
  const token = String(voucher.token);
  const reset = useMutation({
    mutationFn: () => resetVoucher(token),
    onSuccess: (res) => {
      notify.success(res.message);
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('mst_token') });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Reset voucher?',
      children: (
        <Text size="sm">
          Voucher <strong>{token}</strong> akan dapat digunakan kembali.
        </Text>
      ),
      labels: { confirm: 'Reset', cancel: 'Batal' },
      confirmProps: { color: 'orange' },
      onConfirm: () => reset.mutate(),
    });
  return (
    <Tooltip label="Reset voucher">
      <ActionIcon variant="subtle" color="orange" aria-label={`Reset voucher ${token}`} onClick={confirm}>
        <IconRestore size={18} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}
