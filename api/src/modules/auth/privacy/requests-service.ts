import {
  buildSurvey,
  type NewPrivacyRequest,
  PRIVACY_REQUEST_MSG,
  type PrivacyRequest,
  type StaffPrivacyRequest,
} from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { HttpError, notFound } from '../../../lib/http-error';
import type { AuthContext } from '../../../types';
import { editAnswers } from '../../registrants';
import {
  closeRequest,
  insertRequest,
  keepFacts,
  lockRequest,
  openDeletionOf,
  ownRegistrant,
  type RequestRow,
  requestById,
  requestQueue,
  requestsOf,
} from './requests-repository';

/** A form the parent still edits themselves needs no request: they change it on the form. */
const PARENT_EDITS = new Set(['draft', 'form_complete']);

function shown(row: RequestRow): PrivacyRequest {
  const question =
    row.question_no === null
      ? null
      : (buildSurvey(row.custom_questions).byNo.get(row.question_no)?.label ?? null);
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    registrant_id: row.registrant_id,
    registrant_name: row.registrant_name,
    registration_number: row.registration_number,
    question_no: row.question_no,
    question,
    requested_value: row.requested_value,
    note: row.note,
    reason: row.reason,
    created_at: row.created_at,
    due_at: row.due_at,
    resolved_at: row.resolved_at,
  };
}

/** Why an account's data must be kept for now, in words the parent reads; empty when it may go. */
async function keepReasons(c: TenantConn, userId: number) {
  const facts = await keepFacts(c.db, c.tenantId, userId);
  return [
    ...(facts.unpaid ? [PRIVACY_REQUEST_MSG.keepUnpaid] : []),
    ...(facts.enrolled ? [PRIVACY_REQUEST_MSG.keepEnrolled] : []),
  ];
}

async function forStaff(c: TenantConn, row: RequestRow): Promise<StaffPrivacyRequest> {
  const open = row.kind === 'deletion' && row.status === 'open';
  return {
    ...shown(row),
    parent_name: row.parent_name,
    resolved_by_name: row.resolved_by_name,
    keep_reasons: open ? await keepReasons(c, row.user_id) : [],
  };
}

export async function myRequests(c: TenantConn, userId: number) {
  return (await requestsOf(c.db, c.tenantId, userId)).map(shown);
}

/**
 * A parent asks: a correction of an answer of their own child's submitted form (a question of that child's
 * form), or the deletion of their account (one open at a time).
 */
export async function fileRequest(c: TenantConn, userId: number, body: NewPrivacyRequest) {
  if (body.kind === 'deletion') {
    if (await openDeletionOf(c.db, c.tenantId, userId))
      throw new HttpError(409, PRIVACY_REQUEST_MSG.alreadyOpen);
    return insertRequest(c.db, c.tenantId, { userId, kind: 'deletion', note: body.note });
  }
  const r = await ownRegistrant(c.db, c.tenantId, userId, body.registrant_id);
  if (!r) throw notFound(PRIVACY_REQUEST_MSG.notYours);
  if (PARENT_EDITS.has(r.status)) throw new HttpError(409, PRIVACY_REQUEST_MSG.stillEditable);
  if (!buildSurvey(r.custom_questions).byNo.has(body.question_no))
    throw new HttpError(400, PRIVACY_REQUEST_MSG.unknownQuestion, {
      question_no: PRIVACY_REQUEST_MSG.unknownQuestion,
    });
  return insertRequest(c.db, c.tenantId, {
    userId,
    kind: 'correction',
    registrantId: r.id,
    questionNo: body.question_no,
    requestedValue: body.requested_value,
    note: body.note,
  });
}

export async function queue(c: TenantConn) {
  const rows = await requestQueue(c.db, c.tenantId);
  return Promise.all(rows.map((row) => forStaff(c, row)));
}

export type Resolution = { action: 'carry_out' } | { action: 'refuse'; reason: string };

/**
 * Staff answer an open request. Carrying out a correction changes the answer through the staff's answer edit
 * (the form's rules, audited old → new; a value the form does not accept is refused there with its message).
 * Carrying out a deletion while the data must be kept refuses it with the reasons instead, so the parent reads
 * why; otherwise it is accepted and the account's data goes with the scheduled scrub.
 */
export async function resolveRequest(c: TenantConn, auth: AuthContext, id: number, how: Resolution) {
  const q = await lockRequest(c.db, c.tenantId, id);
  if (!q) throw notFound();
  if (q.status !== 'open') throw new HttpError(409, PRIVACY_REQUEST_MSG.notOpen);
  let message: string;
  if (how.action === 'refuse') {
    await closeRequest(c.db, c.tenantId, id, 'refused', auth.user.id, how.reason);
    message = PRIVACY_REQUEST_MSG.refused;
  } else if (q.kind === 'correction') {
    await editAnswers(c, auth, q.registrant_id!, { [String(q.question_no)]: q.requested_value });
    await closeRequest(c.db, c.tenantId, id, 'done', auth.user.id, null);
    message = PRIVACY_REQUEST_MSG.corrected;
  } else {
    const reasons = await keepReasons(c, q.user_id);
    if (reasons.length) {
      await closeRequest(c.db, c.tenantId, id, 'refused', auth.user.id, reasons.join(' '));
      message = PRIVACY_REQUEST_MSG.refused;
    } else {
      await closeRequest(c.db, c.tenantId, id, 'done', auth.user.id, null);
      message = PRIVACY_REQUEST_MSG.deletionDone;
    }
  }
  const row = await requestById(c.db, c.tenantId, id);
  return { message, data: await forStaff(c, row!) };
}
