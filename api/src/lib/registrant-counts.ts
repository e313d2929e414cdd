import { CountCache } from '../engine';

/**
 * The staff list's totals (rows under the filters, rows per state) for 2 s, per tenant, school scope and
 * filters, when a filter is not a column of the running counts (search, registration dates, payment status)
 * and the registrants themselves are counted. Paging and re-sorting one list repeats the same counts on every
 * request, and over a season's tens of thousands of registrants they are most of a request's cost. Every state change, archive, restore or move
 * made in this process clears it (`transition` and the staff actions), so nobody sees a stale count after
 * their own change; changes through another instance show within the 2 s.
 */
export const registrantCounts = new CountCache<Readonly<Record<string, number>>>(2000);
