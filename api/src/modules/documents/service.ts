import { type DocumentKind, type DocumentTemplate, documentTemplateSchema } from '@psb/contracts';
import type { TenantConn } from '../../db/tenant-db';
import type { StorageAdapter } from '../../integrations/storage';
import { writeAudit } from '../../lib/audit';
import { readContentImage } from '../../lib/content-images';
import { HttpError, notFound } from '../../lib/http-error';
import { type PlaceholderValues, renderDocument } from '../../lib/pdf/document';
import { safeMarkdownDeep } from '../../lib/safe-markdown';
import { DEFAULT_TEMPLATES, demoValues } from './defaults';
import { activeYearName, findFormat, upsertFormat, visibleSchool } from './repository';

export const SCHOOL_NOT_FOUND = 'Sekolah tidak ditemukan.';

async function schoolOf(c: TenantConn, schoolId: number) {
  const school = await visibleSchool(c, schoolId);
  if (!school) throw notFound(SCHOOL_NOT_FOUND);
  return school;
}

/** The school's layout, or the default one (saved: false); a stored layout that no longer fits is replaced. */
export async function readFormat(c: TenantConn, schoolId: number, kind: DocumentKind) {
  await schoolOf(c, schoolId);
  const row = await findFormat(c, schoolId, kind);
  const parsed = documentTemplateSchema.safeParse(row?.template);
  return { saved: parsed.success, data: parsed.success ? parsed.data : DEFAULT_TEMPLATES[kind] };
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

export interface RenderContext {
  storage: StorageAdapter;
  themeColor: string;
  author: string;
}

/** A document of a school for the given values (the domains that print call this with a registrant's). */
export async function renderFormat(
  c: TenantConn,
  ctx: RenderContext,
  template: DocumentTemplate,
  values: PlaceholderValues,
): Promise<Buffer> {
  const [logo, signature] = await Promise.all([
    template.logo ? readContentImage(ctx.storage, c.tenantId, template.logo) : null,
    template.signature_image ? readContentImage(ctx.storage, c.tenantId, template.signature_image) : null,
  ]);
  return renderDocument({
    template,
    values,
    logo,
    signature,
    themeColor: ctx.themeColor,
    author: ctx.author,
  });
}

/** The editor's preview: a draft layout (not saved) filled with the demo registrant. */
export async function previewFormat(c: TenantConn, ctx: RenderContext, schoolId: number, draft: unknown) {
  const template = checkTemplate(draft);
  const school = await schoolOf(c, schoolId);
  const year = (await activeYearName(c))?.name ?? '';
  return renderFormat(c, ctx, template, demoValues(school.name, year));
}
