// Issue budget of tests: seating 5,000 submitted registrants of one period into test sessions as the period
// assignment job (its own start and finish), with the schedule message queued for each.
import crypto from 'node:crypto';
import { embeddedUrl } from './embedded-url.mjs';
import { api, finishedJob, insertBenchRegistrants } from './staff-api.mjs';

const REGISTRANTS = 5_000;
const SESSIONS = 5;

export async function benchTests(server, report, { adminToken }) {
  const databaseUrl = server.databaseUrl || embeddedUrl(server.dataDir);
  const audience = insertBenchRegistrants(databaseUrl, REGISTRANTS, 'benchtes');
  const run = Date.now().toString(36);
  const test = await api(server.url, 'POST', 'mst_test', adminToken, { name: `Bench Tes ${run}` });
  const room = await api(server.url, 'POST', 'mst_room', adminToken, {
    name: `Aula Bench ${run}`,
    capacity: 1_200,
  });
  const day = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < SESSIONS; i++)
    await api(server.url, 'POST', 'mst_test_detail', adminToken, {
      name: `Sesi Bench ${i + 1}`,
      mst_test_id: test.data.id,
      school_period_id: audience.periodId,
      mst_room_id: room.data.id,
      test_date: day,
      start_time: `${String(7 + i).padStart(2, '0')}:00`,
      end_time: `${String(8 + i).padStart(2, '0')}:00`,
      quota: 1_200,
    });
  const started = await api(server.url, 'POST', 'registrant/assign/test/period', adminToken, {
    school_period_id: audience.periodId,
    mst_test_id: test.data.id,
    request_key: crypto.randomUUID(),
  });
  const job = await finishedJob(server.url, adminToken, started.data.id);
  const seconds = (new Date(job.finished_at) - new Date(job.started_at)) / 1000;
  report(
    `period assignment job: ${job.done.toLocaleString('en')} registrants into ${SESSIONS} sessions, messages queued (${job.failed} left without a seat)`,
    `${seconds.toFixed(1)} s`,
    '< 30 s',
  );
}
