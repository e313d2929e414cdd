import { endpoint } from '@psb/api-client/http';
import { messageResponseSchema } from '@psb/contracts/auth';
import {
  documentRequirementsResponseSchema,
  rejectReasonAddedResponseSchema,
  type UploadFolder,
} from '@psb/contracts/registrants-admin';

/** The school's required documents and the tenant's own rejection reasons (staff settings). */
const requirements = endpoint(documentRequirementsResponseSchema);
const added = endpoint(rejectReasonAddedResponseSchema);
const message = endpoint(messageResponseSchema);

export const requirementsKey = (schoolId: number) =>
  ['registrant-admin', 'documents', 'requirements', schoolId] as const;

export const fetchRequirements = (schoolId: number) =>
  requirements.get(`registrant/document_requirements/${schoolId}`).then((r) => r.data.folders);
export const saveRequirements = (schoolId: number, folders: UploadFolder[]) =>
  requirements.put(`registrant/document_requirements/${schoolId}`, { json: { folders } });

export const addReason = (label: string) => added.post('registrant/document_reasons', { json: { label } });
export const removeReason = (id: number) => message.delete(`registrant/document_reasons/${id}`);
