import type { AssistedResponse } from '@psb/contracts/registrants-admin';
import { Link } from '@psb/router';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  Group,
  LabeledValue,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@psb/ui';
import { SlipButton } from '../common/SlipButton';

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
          <Stack gap={4} mt="sm">
            <Text size="xs" c="gray.7">
              Password sementara
            </Text>
            <Code fz="lg" data-testid="assisted-password">
              {r.account.temporary_password}
            </Code>
            <Text size="sm" c="gray.7">
              Password sementara hanya ditampilkan sekali. Cetak slip login sekarang dan serahkan kepada orang
              tua; orang tua wajib menggantinya saat pertama kali masuk.
            </Text>
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
