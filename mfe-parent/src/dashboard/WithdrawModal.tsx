import { errorMessage } from '@psb/api-client/http';
import type { RegistrantSummary } from '@psb/contracts/parent';
import { Alert, Button, Group, List, Modal, notify, Stack, Text, Textarea } from '@psb/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { registrantKeys, withdrawRegistrant } from '../common/api/registrant';

/**
 * Confirms withdrawing an application staff have not verified, saying plainly what happens: the application
 * leaves the list, and the voucher can be used again from this account only.
 */
export function WithdrawModal({
  r,
  opened,
  onClose,
}: {
  r: RegistrantSummary;
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const res = await withdrawRegistrant(r.id, reason);
      notify.success(res.message);
      onClose();
      await queryClient.invalidateQueries({ queryKey: registrantKeys.all });
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Batalkan pendaftaran?" centered>
      <Stack gap="sm">
        <Text>
          Pendaftaran {r.name ?? 'calon murid'} ({r.registration_number}) di {r.school_name} akan dibatalkan.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Pendaftaran ini hilang dari daftar Anda dan tempatnya di kelas dilepas.</List.Item>
          <List.Item>
            Voucher yang dipakai dapat Anda gunakan lagi dari akun ini untuk mendaftarkan calon murid,
            misalnya bila salah memilih sekolah atau kelas. Voucher tidak dapat dipakai akun lain.
          </List.Item>
          <List.Item>Isian formulir pendaftaran ini tidak dapat dipulihkan dari akun Anda.</List.Item>
        </List>
        <Textarea
          label="Alasan (opsional)"
          maxLength={300}
          autosize
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Tidak
          </Button>
          <Button color="red" onClick={confirm} loading={busy}>
            Ya, Batalkan
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
