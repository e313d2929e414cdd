import { notificationPage } from './notificationPage';

/** Notifikasi (Jadwal Tes/Observasi). */
export default notificationPage('test_schedule');
