import { lazy, Suspense, useState } from 'react';
import type { AuthModal } from './authModal';

// Most visitors of the home page open no dialog: the dialogs, their forms and @mantine/form are fetched
// when the first one opens (the URL names it), then stay mounted so opening and closing animate as usual.
const AuthModals = lazy(() => import('./AuthModals').then((m) => ({ default: m.AuthModals })));

export function AuthModalsOnDemand({
  open,
  resetToken,
}: {
  open: AuthModal | null;
  resetToken?: string | null;
}) {
  const [needed, setNeeded] = useState(open !== null);
  if (open !== null && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AuthModals open={open} resetToken={resetToken} />
    </Suspense>
  );
}
