import { bootEndpoint, endpoint } from '@psb/api-client/http';
import {
  type firstPageResponseSchema,
  periodClassesResponseSchema,
  publicSchoolsResponseSchema,
} from '@psb/contracts/public';
import { queryOptions } from '@tanstack/react-query';

/** Lookups of the add-registrant dialog: schools and classes a voucher may be used for. */
const schools = endpoint(publicSchoolsResponseSchema);
const classes = endpoint(periodClassesResponseSchema);

export const listVoucherSchools = (token?: string) =>
  schools.get('public/school', { searchParams: token ? { token } : {} }).then((r) => r.data);

export const listVoucherClasses = (schoolName: string, token?: string, schoolPeriodId?: string) =>
  classes
    .get('public/mst_class', {
      searchParams: {
        school_name: schoolName,
        ...(token ? { token } : {}),
        ...(schoolPeriodId ? { school_period_id: schoolPeriodId } : {}),
      },
    })
    .then((r) => r.data);

/** The texts staff write for parents (dashboard message, test and graduation overviews) come with first_page. */
const firstPage = bootEndpoint<typeof firstPageResponseSchema>();
export const noticesQuery = () =>
  queryOptions({
    queryKey: ['public', 'first_page'] as const,
    queryFn: () => firstPage.get('public/first_page'),
    staleTime: 5 * 60_000,
  });
