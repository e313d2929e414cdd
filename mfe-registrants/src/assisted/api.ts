import { endpoint } from '@psb/api-client/http';
import {
  periodClassesResponseSchema,
  publicSchoolPeriodsResponseSchema,
  publicSchoolsResponseSchema,
} from '@psb/contracts/public';
import {
  type AssistedRegistrationRequest,
  type AttachAccountRequest,
  assistedResponseSchema,
  internalListResponseSchema,
  internalMarkResponseSchema,
} from '@psb/contracts/registrants-admin';

/** Assisted registration: the pickers' lookups, the registration itself and adding an account later. */
const schools = endpoint(publicSchoolsResponseSchema);
const periods = endpoint(publicSchoolPeriodsResponseSchema);
const classes = endpoint(periodClassesResponseSchema);
const assisted = endpoint(assistedResponseSchema);

export const fetchSchools = () => schools.get('public/school').then((r) => r.data);
export const fetchPeriods = () => periods.get('public/school_period').then((r) => r.data);
export const fetchClasses = (schoolName: string, periodId: string) =>
  classes
    .get('public/mst_class', { searchParams: { school_name: schoolName, school_period_id: periodId } })
    .then((r) => r.data);

export const registerAssisted = (body: AssistedRegistrationRequest) =>
  assisted.post('registrant', { json: body });

export const attachAccount = (id: number, body: AttachAccountRequest) =>
  assisted.put(`registrant/account/${id}`, { json: body });

const internal = endpoint(internalListResponseSchema);
const marked = endpoint(internalMarkResponseSchema);

export const fetchInternal = (q: { page: number; search?: string }) =>
  internal.get('registrant/internal', {
    searchParams: { page: String(q.page), limit: '25', ...(q.search ? { search: q.search } : {}) },
  });

export const markInternal = (registrant_ids: number[], is_internal: boolean) =>
  marked.post('registrant/internal', { json: { registrant_ids, is_internal } });
