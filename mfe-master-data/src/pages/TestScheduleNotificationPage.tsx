import { notificationPage } from '../notifications/notificationPage';

/** Notifikasi (Jadwal Tes/Observasi). */
export default notificationPage('test_schedule');
