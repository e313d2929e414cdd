import { errorMessage } from '@psb/api-client/http';
import { useSession } from '@psb/api-client/session';
import { useNavigate } from '@psb/router';
import { Anchor, Group, Modal, notify, Text } from '@psb/ui';
import { LoginForm } from './LoginForm';
import { useReturnPath } from './useReturnPath';

export interface LoginModalProps {
  opened: boolean;
  onClose: () => void;
  onForgot: () => void;
  onRegister: () => void;
  initialUsername?: string;
}

/** Parent login: success stores the user session and opens the dashboard, or the page the visitor was
 * asked to sign in for. */
export function LoginModal({ opened, onClose, onForgot, onRegister, initialUsername }: LoginModalProps) {
  const navigate = useNavigate();
  const afterLogin = useReturnPath('user');
  return (
    <Modal opened={opened} onClose={onClose} title="Masuk" centered>
      <LoginForm
        type="user"
        initialUsername={initialUsername}
        onSuccess={(response) => {
          useSession.getState().setUserSession(response);
          // A temporary password from the school's staff is replaced before anything else.
          navigate(response.must_change_password ? '/profile?ganti_password=1' : afterLogin);
        }}
        onFailure={(error) => notify.error(errorMessage(error))}
      >
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onForgot}>
            Lupa kata sandi?
          </Anchor>
          <Text size="sm">
            Belum punya akun?{' '}
            <Anchor component="button" type="button" onClick={onRegister}>
              Daftar di sini
            </Anchor>
          </Text>
        </Group>
      </LoginForm>
    </Modal>
  );
}
