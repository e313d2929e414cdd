import { errorMessage, errorStatus } from '@psb/api-client/http';
import { useSession } from '@psb/api-client/session';
import { Link, Navigate, useNavigate } from '@psb/router';
import { Alert, Anchor, Card, Center, notify, Stack, Text, Title } from '@psb/ui';
import { useState } from 'react';
import { LoginForm } from '../auth/LoginForm';
import { useReturnPath } from '../auth/useReturnPath';

/**
 * Staff login. A parent account is refused by the server (403); the parent is then told, in place, where
 * parents sign in (Masuk on the home page) instead of being sent to an unexplained /401.
 */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const signedIn = useSession((s) => !!s.admin_token);
  const afterLogin = useReturnPath('admin');
  const [notStaff, setNotStaff] = useState(false);
  if (signedIn) return <Navigate to={afterLogin} replace />;
  return (
    <Center py="xl">
      <Card withBorder shadow="sm" padding="xl" w="100%" maw={420}>
        <Stack gap="md">
          <div>
            <Title order={2}>Masuk Admin</Title>
            {/* gray.7, not "dimmed": dimmed grey on white is below the 4.5:1 contrast small text needs. */}
            <Text size="sm" c="gray.7">
              Khusus staf sekolah dan yayasan.
            </Text>
          </div>
          {notStaff && (
            <Alert color="yellow" title="Ini akun orang tua" data-testid="parent-at-admin">
              <Text size="sm">
                Halaman ini khusus staf. Orang tua dan wali masuk melalui tombol Masuk di{' '}
                <Anchor component={Link} to="/?modal=login" fw={600}>
                  halaman beranda
                </Anchor>
                .
              </Text>
            </Alert>
          )}
          <LoginForm
            type="admin"
            onSuccess={(response) => {
              useSession.getState().setAdminSession(response);
              navigate(afterLogin);
            }}
            onFailure={(error) => {
              setNotStaff(errorStatus(error) === 403);
              if (errorStatus(error) !== 403) notify.error(errorMessage(error));
            }}
          />
        </Stack>
      </Card>
    </Center>
  );
}
