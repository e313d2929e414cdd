import { type DocumentKind, type DocumentTemplate, documentTemplateSchema } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { writeAudit } from '../../../lib/audit';
import { HttpError, notFound } from '../../../lib/http-error';
import { safeMarkdownDeep } from '../../../lib/safe-markdown';
import { demoValues } from './document-defaults';
import { type RenderContext, renderFormat, schoolFormat } from './document-formats';
import { activeYearName, upsertFormat, visibleSchool } from './repository';

export const SCHOOL_NOT_FOUND = 'Sekolah tidak ditemukan.';

async function schoolOf(c: TenantConn, schoolId: number) {
  const school = await visibleSchool(c, schoolId);
  if (!school) throw notFound(SCHOOL_NOT_FOUND);
  return school;
}

/** The school's layout (404 for a school the caller does not see). */
export async function readFormat(c: TenantConn, schoolId: number, kind: DocumentKind) {
  await schoolOf(c, schoolId);
  return schoolFormat(c, schoolId, kind);
}

export function checkTemplate(value: unknown): DocumentTemplate {
  const parsed = documentTemplateSchema.safeParse(value);
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((i) => [i.path.map(String).join('.'), i.message]),
    );
    throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Data tidak valid.', fields);
  }
  return safeMarkdownDeep(parsed.data);
}

export async function saveFormat(
  c: TenantConn,
  userId: number,
  schoolId: number,
  kind: DocumentKind,
  value: unknown,
) {
  const template = checkTemplate(value);
  const before = await readFormat(c, schoolId, kind);
  await upsertFormat(c, userId, schoolId, kind, template);
  await writeAudit(c, {
    userId,
    action: 'update',
    resource: `format:${kind}`,
    recordId: schoolId,
    before: before.saved ? { ...before.data } : null,
    after: { ...template },
  });
  return template;
}

/** The editor's preview: a draft layout (not saved) filled with the demo registrant. */
export async function previewFormat(
  c: TenantConn,
  ctx: RenderContext,
  schoolId: number,
  kind: DocumentKind,
  draft: unknown,
) {
  const template = checkTemplate(draft);
  const school = await schoolOf(c, schoolId);
  const year = (await activeYearName(c))?.name ?? '';
  return renderFormat(c, ctx, template, demoValues(school.name, year, kind));
}
