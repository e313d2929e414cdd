import { LEGGER_MSG, type LeggerImportResponse, type LeggerInvalidResponse } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { writeAudit } from '../../../lib/audit';
import { HttpError, notFound } from '../../../lib/http-error';
import { findPeriod, liveSubjects, registrantsWithScores, upsertScores } from './repository';
import { readLegger, writeLegger } from './workbook';

/** The period's legger as a spreadsheet (the template to fill in and the export are the same sheet). */
export async function leggerWorkbook(c: TenantConn, periodId: number) {
  const period = await findPeriod(c.db, c.tenantId, periodId);
  if (!period) throw notFound();
  const [subjects, registrants] = await Promise.all([
    liveSubjects(c.db, c.tenantId),
    registrantsWithScores(c.db, c.tenantId, periodId),
  ]);
  if (subjects.length === 0) throw new HttpError(409, LEGGER_MSG.noSubjects);
  return writeLegger({ title: `Legger ${period.school_name} ${period.name}`, subjects, registrants });
}

/**
 * Checks a filled legger and, unless it is a dry run, writes all its scores in the caller's transaction — only
 * when the whole file is valid. A file with errors answers 400 with every error and writes nothing.
 */
export async function importLegger(
  c: TenantConn,
  userId: number,
  periodId: number,
  file: Buffer,
  dryRun: boolean,
): Promise<LeggerImportResponse | LeggerInvalidResponse> {
  const period = await findPeriod(c.db, c.tenantId, periodId);
  if (!period) throw notFound();
  const [subjects, registrants] = await Promise.all([
    liveSubjects(c.db, c.tenantId),
    registrantsWithScores(c.db, c.tenantId, periodId),
  ]);
  const byNumber = new Map(registrants.map((r) => [r.registration_number.toUpperCase(), r.id]));
  const parsed = await readLegger(file, subjects, byNumber);
  if (parsed.errors.length > 0)
    return { success: false, message: LEGGER_MSG.invalid(parsed.errors.length), problems: parsed.errors };
  if (!dryRun) {
    await upsertScores(c.db, c.tenantId, userId, parsed.scores);
    await writeAudit(c, {
      userId,
      action: 'legger.import',
      resource: 'legger',
      recordId: periodId,
      before: null,
      after: { rows: parsed.rows, scores: parsed.scores.length },
    });
  }
  return {
    success: true,
    message: dryRun ? LEGGER_MSG.valid(parsed.rows) : LEGGER_MSG.saved(parsed.rows),
    dry_run: dryRun,
    rows: parsed.rows,
    scores: parsed.scores.length,
  };
}
