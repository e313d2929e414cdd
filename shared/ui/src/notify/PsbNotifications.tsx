import { Notifications } from '@mantine/notifications';

/** SPEC 9: messages appear 150 px from the top of the window. */
export const NOTIFICATION_OFFSET_PX = 150;

export function PsbNotifications() {
  return <Notifications position="top-right" style={{ top: NOTIFICATION_OFFSET_PX }} zIndex={1000} />;
}
