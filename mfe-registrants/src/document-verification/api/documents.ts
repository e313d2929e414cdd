import { api, endpoint } from '@psb/api-client/http';
import { messageResponseSchema } from '@psb/contracts/auth';
import {
  documentQueueResponseSchema,
  type RejectDocumentRequest,
  registrantDocumentsResponseSchema,
  rejectReasonsResponseSchema,
} from '@psb/contracts/registrants-admin';
import { queryOptions } from '@tanstack/react-query';

/** The staff's verification of documents: one registrant's documents, the queue, the decisions. */
const ROOT = ['registrant-admin', 'documents'] as const;
export const documentKeys = {
  all: ROOT,
  one: (id: number) => [...ROOT, 'one', id] as const,
  queue: () => [...ROOT, 'queue'] as const,
  reasons: () => [...ROOT, 'reasons'] as const,
};

const documents = endpoint(registrantDocumentsResponseSchema);
const queue = endpoint(documentQueueResponseSchema);
const reasons = endpoint(rejectReasonsResponseSchema);
const message = endpoint(messageResponseSchema);

export const registrantDocumentsQuery = (id: number) =>
  queryOptions({
    queryKey: documentKeys.one(id),
    queryFn: () => documents.get(`registrant/documents/${id}`).then((r) => r.data),
  });

export const documentQueueQuery = () =>
  queryOptions({
    queryKey: documentKeys.queue(),
    queryFn: () => queue.get('registrants/documents/queue', { searchParams: { limit: 200 } }),
  });

export const rejectReasonsQuery = () =>
  queryOptions({
    queryKey: documentKeys.reasons(),
    queryFn: () => reasons.get('registrant/document_reasons').then((r) => r.data),
    staleTime: 60_000,
  });

export const acceptDocument = (id: number, folder: string) =>
  message.put(`registrant/documents/${id}/${folder}/accept`);
export const rejectDocument = (id: number, folder: string, body: RejectDocumentRequest) =>
  message.put(`registrant/documents/${id}/${folder}/reject`, { json: body });

/** The current file of a document, fetched with the staff token (never a public link). */
export const fetchDocumentFile = (id: number, folder: string) =>
  api.get(`registrant/file/${id}/${folder}`).blob();
