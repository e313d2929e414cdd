import { Notifications } from '@mantine/notifications';
import './notifications.css';

/** SPEC 9: messages appear 150 px from the top of the window (see notifications.css). */
export const NOTIFICATION_OFFSET_PX = 150;

export function PsbNotifications() {
  return <Notifications position="top-right" className="psb-notifications" zIndex={1000} />;
}
