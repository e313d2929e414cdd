import { Grid, Stack, Title } from '@psb/ui';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileForm } from './ProfileForm';

export default function ProfilePage() {
  return (
    <Stack gap="lg">
      <Title order={2}>Profil</Title>
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
