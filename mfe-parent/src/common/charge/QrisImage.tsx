import { Skeleton } from '@psb/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchQris } from './api';

/** The QRIS code of a charge, drawn by the server (the request needs the parent's token, so not an <img src>). */
export function QrisImage({ registrantId, chargeId }: { registrantId: number; chargeId: number }) {
  const { data } = useQuery({
    queryKey: ['qris', chargeId],
    queryFn: () => fetchQris(registrantId, chargeId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useMemo(() => (data ? URL.createObjectURL(data) : null), [data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  if (!url) return <Skeleton width={220} height={220} />;
  return <img src={url} alt="Kode QRIS untuk membayar" width={220} height={220} data-testid="qris-image" />;
}
