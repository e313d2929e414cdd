import { notifications } from '@mantine/notifications';

export const NOTIFICATION_TITLES = {
  success: 'Sukses',
  error: 'Gagal',
  warning: 'Peringatan',
  info: 'Info',
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_TITLES;

const COLORS: Record<NotificationKind, string> = {
  success: 'green',
  error: 'red',
  warning: 'yellow',
  info: 'blue',
};

/** Messages normally close by themselves; a persistent one stays until closed. */
export const AUTO_CLOSE_MS = 4000;

export interface NotifyOptions {
  persistent?: boolean;
  id?: string;
  onClose?: () => void;
}

/**
 * Messages about a failed attempt (errors and warnings that close by themselves) belong to the page they were
 * raised on; they are cleared when the user moves to another page (see PsbNotifications).
 */
const pageBound = new Set<string>();

function show(kind: NotificationKind, message: string, options: NotifyOptions = {}) {
  const bound = (kind === 'error' || kind === 'warning') && !options.persistent;
  const id = notifications.show({
    id: options.id,
    title: NOTIFICATION_TITLES[kind],
    message,
    color: COLORS[kind],
    autoClose: options.persistent ? false : AUTO_CLOSE_MS,
    onClose: () => {
      pageBound.delete(id);
      options.onClose?.();
    },
  });
  if (bound) pageBound.add(id);
  return id;
}

/** Hides the failed-attempt messages of the page being left. */
export function clearPageMessages() {
  for (const id of pageBound) notifications.hide(id);
  pageBound.clear();
}

export const notify = {
  success: (message: string, options?: NotifyOptions) => show('success', message, options),
  error: (message: string, options?: NotifyOptions) => show('error', message, options),
  warning: (message: string, options?: NotifyOptions) => show('warning', message, options),
  info: (message: string, options?: NotifyOptions) => show('info', message, options),
};

export const SERVER_ERROR_MESSAGE =
  'Terjadi kesalahan saat mengambil data dari server, silahkan refresh halaman ini atau hubungi Admin';

let serverErrorOpen = false;

/** The data-fetch failure message stays until closed, and several failures show it only once. */
export function showServerError() {
  if (serverErrorOpen) return;
  serverErrorOpen = true;
  show('error', SERVER_ERROR_MESSAGE, {
    id: 'server-error',
    persistent: true,
    onClose: () => {
      serverErrorOpen = false;
    },
  });
}
