import { type APIRequestContext, expect } from '@playwright/test';
import { sampleAnswers } from '@psb/contracts';
import { ownPeriod, registrantIn } from './own-period';

// biome-ignore lint/suspicious/noExplicitAny: answers of calls set up for the test, read field by field
const ok = async (res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<any> => {
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
};

/**
 * Registrants of one new period (one per child's name) who submitted their forms, seated in a new session of
 * that period through the assignment api, and the given new subjects — all as parents and staff make them.
 * `run` makes the period, test type and room names the test's own.
 */
export async function seatedSession(
  request: APIRequestContext,
  names: { run: string; session: string; children: readonly string[]; subjects?: readonly string[] },
) {
  const { run } = names;
  const p = await ownPeriod(request, `Gelombang ${run}`);
  const regs = [];
  for (const child of names.children) {
    const r = await registrantIn(request, p);
    const login = await ok(
      await request.post('/api/v1/public/login', {
        data: { username: r.parent.email, password: r.parent.password },
      }),
    );
    const asParent = { Authorization: `Bearer ${login.token}` };
    await ok(
      await request.post('/api/v1/registrant_answer', {
        headers: asParent,
        data: {
          registrant_id: r.registrantId,
          data: { ...sampleAnswers(), '1': child },
        },
      }),
    );
    await ok(
      await request.post(`/api/v1/registrant/submit/${r.registrantId}`, { headers: asParent, data: {} }),
    );
    regs.push(r);
  }
  const post = async (path: string, data: Record<string, unknown>) =>
    (await ok(await request.post(`/api/v1/${path}`, { headers: p.headers, data }))).data.id as number;
  const testName = `Tes ${run}`;
  const testId = await post('mst_test', { name: testName });
  const roomId = await post('mst_room', { name: `Ruang ${run}`, capacity: 30, school_id: p.school.id });
  const sessionId = await post('mst_test_detail', {
    name: names.session,
    mst_test_id: testId,
    school_period_id: p.period.id,
    mst_room_id: roomId,
    test_date: '2027-01-16',
    start_time: '08:00',
    end_time: '10:00',
    quota: 30,
  });
  for (const name of names.subjects ?? []) await post('mst_subject', { name });
  await ok(
    await request.post('/api/v1/registrant/assign/test', {
      headers: p.headers,
      data: {
        registrant_ids: regs.map((r) => r.registrantId),
        mst_test_detail_id: sessionId,
        send_notification: false,
      },
    }),
  );
  return {
    regs,
    sessionId,
    testId,
    testName,
    periodId: p.period.id as number,
    periodName: p.period.name as string,
  };
}
