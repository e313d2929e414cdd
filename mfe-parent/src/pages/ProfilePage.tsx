import { useSearchParams } from '@psb/router';
import { Alert, Grid, Stack, Title } from '@psb/ui';
import { ConsentGate } from '../privacy/ConsentGate';
import { DataExportCard } from '../privacy/DataExportCard';
import { OptionalConsentCard } from '../privacy/OptionalConsentCard';
import { PrivacyRequestsCard } from '../privacy/PrivacyRequestsCard';
import { ChangePasswordForm } from '../profile/ChangePasswordForm';
import { ProfileForm } from '../profile/ProfileForm';

export default function ProfilePage() {
  const [params] = useSearchParams();
  return (
    <Stack gap="lg">
      <Title order={2}>Profil</Title>
      {params.get('ganti_password') === '1' && (
        <Alert color="yellow" title="Ganti kata sandi sementara" data-testid="must-change-password">
          Akun Anda dibuatkan oleh panitia dengan kata sandi sementara. Buat kata sandi baru milik Anda
          sendiri di formulir Ganti Kata Sandi sebelum melanjutkan.
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ProfileForm />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ChangePasswordForm />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <OptionalConsentCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DataExportCard />
        </Grid.Col>
        <Grid.Col span={12}>
          <PrivacyRequestsCard />
        </Grid.Col>
      </Grid>
      <ConsentGate />
    </Stack>
  );
}
