// A background job left by a killed instance: bulk billing of a period (bills and a VA each, a pg-boss job
// with a heartbeat) started where only one instance takes jobs, that instance killed mid-job, and the job
// then finished by the others (pg-boss fails the silent job's heartbeat and retries it; what was billed
// before the kill is skipped, not billed twice).
import crypto from 'node:crypto';
import { query } from './db.mjs';
import { client, expectOk, newPaymentType } from './journeys.mjs';

/** Bills every registrant of the period under a new payment type, through `url`; resolves the job. */
export async function startBulkBilling(url, token, periodId) {
  const staff = client(url);
  const type = await newPaymentType(url, token, 'Massal');
  const started = expectOk(
    'bulk billing',
    await staff.call('POST', 'registrant_header_payments/bulk/generate', {
      body: {
        mst_type_payment_id: type.id,
        school_period_id: periodId,
        cost: 250_000,
        is_submit: true,
        generate_va: true,
        request_key: crypto.randomUUID(),
      },
      token,
    }),
  ).data;
  return { jobId: started.job_id, total: started.total, typeId: type.id };
}

/** The job as the bills screen reads it: status, done, failed, total, attempts. */
export async function jobState(url, token, jobId) {
  return expectOk('job', await client(url).call('GET', `registrant_header_payments/bulk/${jobId}`, { token }))
    .data;
}

/** Polls until `until(job)` holds or `timeoutMs` passes; resolves the last state read. */
export async function jobUntil(url, token, jobId, until, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await jobState(url, token, jobId);
    if (until(job) || Date.now() > deadline) return job;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Bills of the job's payment type: how many, and for how many registrants (one each, never two). */
export async function billsOfType(ownerUrl, typeId) {
  const [row] = await query(
    ownerUrl,
    `SELECT count(*)::int AS bills, count(DISTINCT registrant_id)::int AS registrants
     FROM registrant_header_payments WHERE mst_type_payment_id = $1 AND deleted_at IS NULL`,
    [typeId],
  );
  return row;
}
