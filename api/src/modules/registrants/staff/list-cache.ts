import { VersionedCache } from '../../../lib/versioned-cache';

/**
 * The staff registrant list's answers, kept per tenant, school scope and query with the version of the
 * registrants list they were read at (see `listVersion`): the season's busiest screen is asked the same pages
 * again and again — by every staff member who opens it, on every refresh, while paging back — and between
 * changes the answer is the same. A change anywhere (this instance, another one, a job) changes the version in
 * its own transaction, so nothing kept outlives it.
 */
export const registrantPages = new VersionedCache<string>(
  { entries: 2000, size: 32 * 1024 * 1024 },
  (body) => body.length,
);

/**
 * The counts per state under a set of filters (paging, sorting and the state filter left out), when they must
 * be counted on the registrants (search, registration dates, payment status): every page and sort of the same
 * filters shares them.
 */
export const registrantCounts = new VersionedCache<Readonly<Record<string, number>>>({
  entries: 2000,
  size: 2000,
});
