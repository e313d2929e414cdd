import { type DocumentKind, type DocumentTemplate, documentTemplateSchema } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import type { StorageAdapter } from '../../../integrations/storage';
import { type PlaceholderValues, renderDocument } from '../../../lib/pdf/document';
import { readContentImage } from '../images';
import { DEFAULT_TEMPLATES } from './document-defaults';

/**
 * The per-school document layouts staff design (Pengaturan), for every domain that prints one: a test card,
 * a result card, SPOTC, the recap, the graduation letter. Row-level security limits a school-bound role to
 * its schools' layouts.
 */
export function storedFormat(c: TenantConn, schoolId: number, kind: DocumentKind) {
  return c.db
    .selectFrom('document_formats')
    .select(['template', 'updated_at'])
    .where('tenant_id', '=', c.tenantId)
    .where('school_id', '=', schoolId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** The school's layout, or the default one (saved: false); a stored layout that no longer fits is replaced. */
export async function schoolFormat(c: TenantConn, schoolId: number, kind: DocumentKind) {
  const parsed = documentTemplateSchema.safeParse((await storedFormat(c, schoolId, kind))?.template);
  return { saved: parsed.success, data: parsed.success ? parsed.data : DEFAULT_TEMPLATES[kind] };
}

export interface RenderContext {
  storage: StorageAdapter;
  themeColor: string;
  author: string;
}

/** A layout filled with the given values, with its logo and signature pictures, as a PDF. */
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

/** The school's document of that kind for one registrant's values. */
export async function schoolDocument(
  c: TenantConn,
  ctx: RenderContext,
  schoolId: number,
  kind: DocumentKind,
  values: PlaceholderValues,
): Promise<Buffer> {
  return renderFormat(c, ctx, (await schoolFormat(c, schoolId, kind)).data, values);
}
