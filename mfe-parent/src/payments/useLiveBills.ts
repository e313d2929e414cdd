import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { billKeys, billsQuery, waitForBills } from './api';

/**
 * The registrant's bills, kept current without a reload: while the page is open it waits on the server's
 * long poll and takes each answer as the new state (a paid VA shows "Lunas" within a second or two).
 * A failed wait (network gone, server restarting) is retried after a pause.
 */
export function useLiveBills(registrantId: number) {
  const client = useQueryClient();
  const query = useQuery(billsQuery(registrantId));
  const version = query.data?.version;
  useEffect(() => {
    if (version === undefined) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const loop = async (v: number) => {
      try {
        const next = await waitForBills(registrantId, v, abort.signal);
        if (abort.signal.aborted) return;
        if (next.version !== v) client.setQueryData(billKeys.of(registrantId), next);
        else void loop(v);
      } catch {
        if (!abort.signal.aborted) timer = setTimeout(() => void loop(v), 5000);
      }
    };
    void loop(version);
    return () => {
      abort.abort();
      if (timer) clearTimeout(timer);
    };
  }, [client, registrantId, version]);
  return query;
}
