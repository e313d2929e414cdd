import { createBrowserRouter, RouterProvider } from '@psb/router';
import {
  AfterFirstCommit,
  createPsbTheme,
  LongOperationOverlay,
  MantineProvider,
  ModalsProvider,
  PsbNotifications,
} from '@psb/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { buildRoutes } from '../routing/routeTable';
import { WaitingScreen } from '../waiting/WaitingScreen';
import { queryClient } from './queryClient';

const router = createBrowserRouter(buildRoutes());

export function App({ themeColor }: { themeColor: string }) {
  const theme = useMemo(() => createPsbTheme(themeColor), [themeColor]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <AfterFirstCommit>
          {/* modals.openConfirmModal reaches the provider by a window event: it need not wrap the pages. */}
          <ModalsProvider />
          <PsbNotifications />
        </AfterFirstCommit>
        <LongOperationOverlay />
        <WaitingScreen />
        <UpdatePrompt />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
