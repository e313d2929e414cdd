import type { AssistedResponse } from '@psb/contracts/registrants-admin';
import { Alert, Button, Group, LabeledValue, SimpleGrid, Stack, Text } from '@psb/ui';
import { SlipButton } from '../common/SlipButton';
import { TemporaryPassword } from '../common/TemporaryPassword';

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
        <TemporaryPassword password={r.account.temporary_password} testId="account-added-password" />
      ) : (
        <Text size="sm">Orang tua masuk dengan kata sandi akunnya sendiri.</Text>
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
