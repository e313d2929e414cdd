import { useSearchParams } from '@psb/router';
import { Alert, Grid, Stack, Title } from '@psb/ui';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileForm } from './ProfileForm';

export default function ProfilePage() {
  const [params] = useSearchParams();
  return (
    <Stack gap="lg">
      <Title order={2}>Profil</Title>
      {params.get('ganti_password') === '1' && (
        <Alert color="yellow" title="Ganti password sementara" data-testid="must-change-password">
          Akun Anda dibuatkan oleh panitia dengan password sementara. Buat password baru milik Anda sendiri di
          formulir Ganti Password sebelum melanjutkan.
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ProfileForm />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ChangePasswordForm />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
