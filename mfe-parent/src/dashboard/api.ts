import { bootEndpoint, endpoint, PUBLIC_FIRST_PAGE_KEY } from '@psb/api-client/http';
import type { firstPageResponseSchema } from '@psb/contracts/public';
import { queryOptions } from '@tanstack/react-query';

/** Lookups of the add-registrant dialog: schools and classes a voucher may be used for. */
// Parsed with schemas loaded with the call: this module travels with the home page's first chunk.
const lookups = () => import('@psb/contracts/public');
const schools = endpoint(() => lookups().then((m) => m.publicSchoolsResponseSchema));
const classes = endpoint(() => lookups().then((m) => m.periodClassesResponseSchema));

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
    queryKey: PUBLIC_FIRST_PAGE_KEY,
    queryFn: () => firstPage.get('public/first_page'),
    staleTime: 5 * 60_000,
  });
