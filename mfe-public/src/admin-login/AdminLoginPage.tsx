import { errorMessage, errorStatus } from '@psb/api-client/http';
import { useSession } from '@psb/api-client/session';
import { Navigate, useNavigate } from '@psb/router';
import { Card, Center, notify, Stack, Text, Title } from '@psb/ui';
import { LoginForm } from '../auth/LoginForm';
import { useReturnPath } from '../auth/useReturnPath';

/** Staff login. A parent account is refused by the server (403) and sent to /401. */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const signedIn = useSession((s) => !!s.admin_token);
  const afterLogin = useReturnPath('admin');
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
          <LoginForm
            type="admin"
            onSuccess={(response) => {
              useSession.getState().setAdminSession(response);
              navigate(afterLogin);
            }}
            onFailure={(error) => {
              if (errorStatus(error) === 403) navigate('/401');
              else notify.error(errorMessage(error));
            }}
          />
        </Stack>
      </Card>
    </Center>
  );
}
