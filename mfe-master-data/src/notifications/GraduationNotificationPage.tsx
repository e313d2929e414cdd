import { notificationPage } from './notificationPage';

/** Notifikasi (Kelulusan). */
export default notificationPage('graduation');
