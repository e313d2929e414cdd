import { endpoint } from '@psb/api-client/http';
import { publicSchoolPeriodsResponseSchema } from '@psb/contracts/public';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Registration periods of the active year, open or not (the schedule page and the add-registrant dialog). */
const periods = endpoint(publicSchoolPeriodsResponseSchema);

export const fetchSchoolPeriods = () => periods.get('public/school_period').then((r) => r.data);
export const schoolPeriodsQuery = () =>
  queryOptions({
    queryKey: ['public', 'school_period'] as const,
    queryFn: fetchSchoolPeriods,
    staleTime: 60_000,
  });
export const useSchoolPeriods = () => useQuery(schoolPeriodsQuery());
