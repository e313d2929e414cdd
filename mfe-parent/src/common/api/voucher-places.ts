import { endpoint } from '@psb/api-client/http';

/** Schools and classes a voucher may be used for (adding a registrant, buying vouchers). */
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
