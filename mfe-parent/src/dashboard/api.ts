import { endpoint } from '@psb/api-client/http';
import { periodClassesResponseSchema, publicSchoolsResponseSchema } from '@psb/contracts/public';

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
