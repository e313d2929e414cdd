import { api } from '@psb/api-client/http';
import {
  type LeggerImportResponse,
  type LeggerInvalidResponse,
  leggerImportResponseSchema,
  leggerInvalidResponseSchema,
} from '@psb/contracts/registrants-admin';

/** The legger calls: the spreadsheet (template or export) and the import, checked only or written. */
export const fetchLeggerFile = (kind: 'template' | 'export', periodId: number) =>
  api
    .get(kind === 'template' ? 'registrants/import/legger/template' : 'registrants/export/legger', {
      searchParams: { school_period_id: periodId },
      timeout: false,
    })
    .blob();

export type LeggerCheck = LeggerImportResponse | LeggerInvalidResponse;

/** A file with problems answers 400 with the list; that is a result to show, not a failure. */
export async function sendLegger(periodId: number, file: File, dryRun: boolean): Promise<LeggerCheck> {
  const body = new FormData();
  body.append('file', file);
  const res = await api.post('registrants/import/legger', {
    searchParams: { school_period_id: periodId, dry_run: String(dryRun) },
    body,
    timeout: 120_000,
    throwHttpErrors: (status) => status !== 400,
  });
  const json: unknown = await res.json();
  const invalid = leggerInvalidResponseSchema.safeParse(json);
  if (res.status === 400 && invalid.success) return invalid.data;
  if (res.status === 400) throw new Error((json as { message?: string }).message ?? 'Data tidak valid.');
  return leggerImportResponseSchema.parse(json);
}
