import { registrantAdminQuerySchema } from '@psb/contracts/registrants-admin';
import { useUrlFilters } from '@psb/resource-ui';
import type { ListFilters } from '../common/api/registrants';

/** The api's filter names: only these leave the URL for the server. */
const KEYS = Object.keys(registrantAdminQuerySchema.shape) as (keyof ListFilters & string)[];

/** The registrant list's filters, kept in the URL. */
export const useListFilters = (archived: boolean) => useUrlFilters<ListFilters>(KEYS, archived);
