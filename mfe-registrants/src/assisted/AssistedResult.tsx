import type { AssistedResponse } from '@psb/contracts/registrants-admin';
import { Link } from '@psb/router';
import { Alert, Anchor, Button, Card, Group, LabeledValue, SimpleGrid, Stack, Title } from '@psb/ui';
import { SlipButton } from '../common/SlipButton';
import { TemporaryPassword } from '../common/TemporaryPassword';

const ACCOUNT_LABEL = {
  created: 'Akun baru dibuat',
  existing: 'Dihubungkan ke akun yang sudah ada',
  none: 'Tanpa akun',
} as const;

/** What was made: the registrant, which account it belongs to, the temporary password once, the slip. */
export function AssistedResult({ result, onAgain }: { result: AssistedResponse; onAgain: () => void }) {
  const r = result.data;
  return (
    <Stack gap="md" data-testid="assisted-result">
      <Alert color="green" title="Pendaftaran berhasil">
        {result.message}
      </Alert>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          {r.name ?? '-'}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <LabeledValue label="Nomor pendaftaran" value={r.registration_number} />
          <LabeledValue label="Sekolah" value={r.school_name} />
          <LabeledValue label="Akun orang tua" value={ACCOUNT_LABEL[r.account.status]} />
          <LabeledValue label="Username" value={r.account.username ?? '-'} />
        </SimpleGrid>
        {r.account.temporary_password && (
          <Stack mt="sm">
            <TemporaryPassword password={r.account.temporary_password} testId="assisted-password" />
          </Stack>
        )}
      </Card>
      <Group>
        <SlipButton
          id={r.registrant_id}
          registrationNumber={r.registration_number}
          temporaryPassword={r.account.temporary_password}
        />
        <Anchor component={Link} to={`/admin/registrant/detail?id=${r.registrant_id}`}>
          Lihat detail calon murid
        </Anchor>
        <Button variant="default" onClick={onAgain}>
          Daftarkan pendaftar lain
        </Button>
      </Group>
    </Stack>
  );
}
