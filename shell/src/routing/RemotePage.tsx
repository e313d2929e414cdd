import type { RemoteName } from '@psb/contracts/core';
import { PageError, PageLoader } from '@psb/ui';
import { Component, type ErrorInfo, type ReactNode, Suspense, use, useLayoutEffect, useState } from 'react';
import { endFirstView } from '../boot/firstView';
import { forgetRemoteRoutes, loadRemoteRoutes, RemoteUnavailableError } from './remoteRoutes';

export const REMOTE_FAILED_MESSAGE = 'Halaman gagal dimuat. Periksa koneksi Anda lalu coba lagi.';

function RemoteRoute({ remote, path }: { remote: RemoteName; path: string }) {
  const routes = use(loadRemoteRoutes(remote));
  const Page = routes[path];
  if (!Page) throw new RemoteUnavailableError(remote, `no page for ${path}`);
  return (
    <>
      <Page />
      <FirstViewHandOff />
    </>
  );
}

/**
 * Rendered with a page (or its error): the first view (the server's, or one drawn from the session) goes
 * before the browser paints it.
 */
export function FirstViewHandOff() {
  useLayoutEffect(endFirstView, []);
  return null;
}

interface BoundaryProps {
  children: ReactNode;
  /** Told about every failure; the first one remounts the page for an automatic second try. */
  onError: () => void;
  onRetry: () => void;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Halaman modul gagal', error, info.componentStack);
    this.props.onError();
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <>
        <PageError
          title="Halaman gagal dimuat"
          message={REMOTE_FAILED_MESSAGE}
          onRetry={this.props.onRetry}
        />
        <FirstViewHandOff />
      </>
    );
  }
}

/**
 * A page that lives in a remote. Whatever goes wrong (remote down, not deployed, page throws) stays inside the
 * page area: one automatic retry, then an Indonesian fallback with a retry button; layout and session live on.
 */
export function RemotePage({ remote, path }: { remote: RemoteName; path: string }) {
  const [attempt, setAttempt] = useState(0);
  const [autoRetried, setAutoRetried] = useState(false);
  const retry = () => {
    forgetRemoteRoutes(remote);
    setAttempt((n) => n + 1);
  };
  const onError = () => {
    if (autoRetried) return;
    setAutoRetried(true);
    retry();
  };
  return (
    <RemoteErrorBoundary key={attempt} onError={onError} onRetry={retry}>
      <Suspense fallback={<PageLoader />}>
        <RemoteRoute remote={remote} path={path} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
