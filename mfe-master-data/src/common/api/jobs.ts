import { endpoint } from '@psb/api-client/http';
import { jobsResponseSchema } from '@psb/contracts/notifications';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

/** Background jobs staff started (sending messages, …): the Tugas Latar page and the screens that start one. */
const jobs = endpoint(jobsResponseSchema);

export const getJobs = () => jobs.get('jobs').then((r) => r.data);
export const jobsQuery = () => queryOptions({ queryKey: ['background_jobs'] as const, queryFn: getJobs });

/** Every job; running work moves on its own, so the list is asked again while something is still open. */
export const useJobs = (enabled: boolean) =>
  useQuery({
    ...jobsQuery(),
    enabled,
    refetchInterval: (q) =>
      q.state.data?.some((j) => j.status === 'queued' || j.status === 'running') ? 2000 : false,
  });

/** One job this screen started, asked about every second until it is done or failed. */
export const useJob = (jobId: number | null) =>
  useQuery({
    ...jobsQuery(),
    enabled: jobId !== null,
    refetchInterval: (q) => {
      const j = q.state.data?.find((x) => x.id === jobId);
      return j && (j.status === 'done' || j.status === 'failed') ? false : 1000;
    },
    select: (all) => all.find((x) => x.id === jobId) ?? null,
  });

export const invalidateJobs = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: jobsQuery().queryKey });
