import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { clearPageMessages } from './notify';
import './notifications.css';

/** Messages appear 150 px from the top of the window on larger screens (see notifications.css). */
export const NOTIFICATION_OFFSET_PX = 150;

/** Calls `onChange` whenever the address changes (links, back/forward), whatever router drives it. */
function useLocationChange(onChange: () => void) {
  useEffect(() => {
    let last = window.location.pathname;
    const check = () => {
      if (window.location.pathname === last) return;
      last = window.location.pathname;
      onChange();
    };
    // The Navigation API reports every history entry change (pushState included); popstate covers browsers
    // without it.
    const nav = (window as { navigation?: EventTarget }).navigation;
    nav?.addEventListener('currententrychange', check);
    window.addEventListener('popstate', check);
    return () => {
      nav?.removeEventListener('currententrychange', check);
      window.removeEventListener('popstate', check);
    };
  }, [onChange]);
}

export function PsbNotifications() {
  useLocationChange(clearPageMessages);
  return <Notifications position="top-right" className="psb-notifications" zIndex={1000} />;
}
