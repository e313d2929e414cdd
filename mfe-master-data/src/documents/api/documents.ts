import { api, endpoint } from '@psb/api-client/http';
import {
  type DocumentKind,
  type DocumentTemplate,
  documentResponseSchema,
  documentSavedResponseSchema,
  welcomeImageResponseSchema,
} from '@psb/contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const getFormat = (kind: DocumentKind, schoolId: number) =>
  endpoint(documentResponseSchema).get(`format/${kind}`, { searchParams: { school_id: schoolId } });

export const formatQuery = (kind: DocumentKind, schoolId: number) =>
  queryOptions({ queryKey: ['format', kind, schoolId] as const, queryFn: () => getFormat(kind, schoolId) });
export const useFormat = (kind: DocumentKind, schoolId: number | null, enabled: boolean) =>
  useQuery({ ...formatQuery(kind, schoolId ?? 0), enabled: schoolId !== null && enabled });

export const saveFormat = (kind: DocumentKind, schoolId: number, template: DocumentTemplate) =>
  endpoint(documentSavedResponseSchema).put(`format/${kind}`, { json: { school_id: schoolId, template } });

/** The draft as a PDF on the demo registrant (nothing is saved). */
export const previewFormat = (
  kind: DocumentKind,
  schoolId: number,
  template: DocumentTemplate,
  signal?: AbortSignal,
) => api.post(`format/${kind}/preview`, { json: { school_id: schoolId, template }, signal }).blob();

const image = endpoint(welcomeImageResponseSchema);
export const uploadFormatImage = (kind: DocumentKind, file: File) => {
  const body = new FormData();
  body.append('file', file);
  return image.post(`format/${kind}/image`, { body });
};
