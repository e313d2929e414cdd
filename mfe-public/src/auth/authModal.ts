/** Which home-page dialog is open; kept apart from the dialogs so the home page can decide without them. */
export type AuthModal = 'login' | 'register' | 'forgot' | 'reset' | 'voucher';

export function isAuthModal(value: string | null | undefined): value is AuthModal {
  return (
    value === 'login' ||
    value === 'register' ||
    value === 'forgot' ||
    value === 'reset' ||
    value === 'voucher'
  );
}
