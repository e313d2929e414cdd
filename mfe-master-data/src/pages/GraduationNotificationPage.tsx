import { notificationPage } from '../notifications/notificationPage';

/** Notifikasi (Kelulusan). */
export default notificationPage('graduation');
