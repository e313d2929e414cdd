import { useLocation, useNavigate } from '@psb/router';
import type { AuthModal } from './authModal';
import { ForgotPasswordModal } from './ForgotPasswordModal';
import { LoginModal } from './LoginModal';
import { RegisterModal } from './RegisterModal';
import { ResetPasswordModal } from './ResetPasswordModal';
import { VoucherModal } from './VoucherModal';

/**
 * The home page's dialogs. Which one is open lives in the URL (`/?modal=login`), so the shell's navbar
 * buttons, /login and /reset-password all open them the same way.
 */
export function AuthModals({ open, resetToken }: { open: AuthModal | null; resetToken?: string | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const prefill = (location.state as { username?: string } | null)?.username;
  const show = (modal: AuthModal | null, state?: { username: string }) =>
    navigate({ pathname: '/', search: modal ? `?modal=${modal}` : '' }, { state });
  const close = () => show(null);

  return (
    <>
      <LoginModal
        key={prefill ?? ''}
        opened={open === 'login'}
        onClose={close}
        onForgot={() => show('forgot')}
        onRegister={() => show('register')}
        initialUsername={prefill}
      />
      <RegisterModal opened={open === 'register'} onClose={close} onLogin={() => show('login')} />
      <ForgotPasswordModal opened={open === 'forgot'} onClose={close} onLogin={() => show('login')} />
      <VoucherModal opened={open === 'voucher'} onClose={close} onLogin={() => show('login')} />
      {open === 'reset' && resetToken && (
        <ResetPasswordModal resetToken={resetToken} onClose={close} onDone={() => show('login')} />
      )}
    </>
  );
}
