import type { AssistedResponse } from '@psb/contracts/registrants-admin';
import { Alert, Button, Code, Group, LabeledValue, SimpleGrid, Stack, Text } from '@psb/ui';
import { SlipButton } from '../common/SlipButton';

/** The account just given to a registrant: username, the temporary password this once, and the slip. */
export function AccountCreated({ result, onClose }: { result: AssistedResponse; onClose: () => void }) {
  const r = result.data;
  return (
    <Stack gap="sm" data-testid="account-added">
      <Alert color="green" title="Akun orang tua ditambahkan">
        {result.message}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <LabeledValue label="Orang tua" value={r.account.name ?? '-'} />
        <LabeledValue label="Username" value={r.account.username ?? '-'} />
      </SimpleGrid>
      {r.account.temporary_password ? (
        <Stack gap={4}>
          <Text size="xs" c="gray.7">
            Password sementara
          </Text>
          <Code fz="lg" data-testid="account-added-password">
            {r.account.temporary_password}
          </Code>
          <Text size="sm" c="gray.7">
            Password sementara hanya ditampilkan sekali. Cetak slip login sekarang dan serahkan kepada orang
            tua; orang tua wajib menggantinya saat pertama kali masuk.
          </Text>
        </Stack>
      ) : (
        <Text size="sm">Orang tua masuk dengan password akunnya sendiri.</Text>
      )}
      <Group justify="flex-end">
        <SlipButton
          id={r.registrant_id}
          registrationNumber={r.registration_number}
          temporaryPassword={r.account.temporary_password}
        />
        <Button variant="default" onClick={onClose}>
          Tutup
        </Button>
      </Group>
    </Stack>
  );
}
