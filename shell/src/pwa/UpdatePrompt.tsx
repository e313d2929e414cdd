import { lazy, Suspense } from 'react';
import { useUpdateState } from './updateState';

// Most visits never see an update, so the dialog is not part of the first load: its code is fetched when a
// new version is first offered, and it then stays mounted so it can close normally.
const UpdateDialog = lazy(() => import('./UpdateDialog').then((m) => ({ default: m.UpdateDialog })));

export function UpdatePrompt() {
  const offered = useUpdateState((s) => s.offered);
  if (!offered) return null;
  return (
    <Suspense fallback={null}>
      <UpdateDialog />
    </Suspense>
  );
}
