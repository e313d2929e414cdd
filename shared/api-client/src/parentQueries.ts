import { queryOptions } from '@tanstack/react-query';
import {
  type ContentKey,
  getPublicContent,
  getRegistrant,
  listRegion,
  listRegistrants,
  listSchoolPeriods,
  type RegionLevelName,
} from './endpoints/parentJourney';

/** Query keys and options of the parent journey (the parent's registrants, lookups, info content). */
export const parentKeys = {
  registrants: ['registrants'] as const,
  registrant: (id: number) => ['registrants', id] as const,
  schoolPeriods: ['public', 'school_period'] as const,
  region: (level: RegionLevelName, parents: readonly string[]) =>
    ['public', 'region', level, ...parents] as const,
  content: (key: ContentKey) => ['public', 'content', key] as const,
};

export const registrantsQuery = () =>
  queryOptions({ queryKey: parentKeys.registrants, queryFn: listRegistrants });

export const registrantQuery = (id: number) =>
  queryOptions({ queryKey: parentKeys.registrant(id), queryFn: () => getRegistrant(id) });

export const schoolPeriodsQuery = () =>
  queryOptions({ queryKey: parentKeys.schoolPeriods, queryFn: listSchoolPeriods, staleTime: 60_000 });

/** Region names never change while the app runs. */
export const regionQuery = (level: RegionLevelName, parents: readonly string[]) =>
  queryOptions({
    queryKey: parentKeys.region(level, parents),
    queryFn: () => listRegion(level, parents),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
  });

export const contentQuery = <T>(key: ContentKey) =>
  queryOptions({
    queryKey: parentKeys.content(key),
    queryFn: () => getPublicContent<T>(key),
    staleTime: 5 * 60_000,
  });
