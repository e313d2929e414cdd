import { Button, Group, Modal, notify, Text } from '@psb/ui';
import { useUpdateState } from './updateState';

/** Update activates the new version and reloads; closing only warns that an update is pending. */
export function UpdateDialog() {
  const { waiting, activate, dismiss } = useUpdateState();
  const close = () => {
    dismiss();
    notify.warning(
      'Versi baru belum dipasang. Silakan update aplikasi terlebih dahulu agar dapat digunakan dengan baik.',
    );
  };
  return (
    <Modal opened={waiting} onClose={close} title="Versi baru tersedia" centered>
      <Text size="sm">Versi baru PSB Online tersedia. Tekan Update untuk memakai versi terbaru.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={close}>
          Nanti
        </Button>
        <Button onClick={activate}>Update</Button>
      </Group>
    </Modal>
  );
}
