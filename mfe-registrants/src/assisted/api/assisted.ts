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
} from '@psb/contracts/registrants-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';

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

/** The pickers' lookups change rarely: asked again after a minute at most. */
const LOOKUP_STALE_MS = 60_000;
export const schoolsQuery = () =>
  queryOptions({ queryKey: ['assisted', 'schools'] as const, queryFn: fetchSchools });
export const useSchools = () => useQuery({ ...schoolsQuery(), staleTime: LOOKUP_STALE_MS });
export const periodsQuery = () =>
  queryOptions({ queryKey: ['assisted', 'periods'] as const, queryFn: fetchPeriods });
export const usePeriods = () => useQuery({ ...periodsQuery(), staleTime: LOOKUP_STALE_MS });
export const classesQuery = (schoolName: string, periodId: string) =>
  queryOptions({
    queryKey: ['assisted', 'classes', schoolName, periodId] as const,
    queryFn: () => fetchClasses(schoolName, periodId),
  });

export const registerAssisted = (body: AssistedRegistrationRequest) =>
  assisted.post('registrant', { json: body });

export const attachAccount = (id: number, body: AttachAccountRequest) =>
  assisted.put(`registrant/account/${id}`, { json: body });
