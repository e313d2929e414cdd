import { errorMessage } from '@psb/api-client/http';
import { useModuleActions } from '@psb/resource-ui';
import { Alert, Button, Drawer, Loader, modals, Stack, Tabs, Text } from '@psb/ui';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useRef } from 'react';
import { counsellingQuery, healthQuery } from './api/care';
import { CounsellingForm } from './CounsellingForm';
import { HealthForm } from './HealthForm';

export interface CareTarget {
  registrant_id: number;
  registration_number: string;
  name: string | null;
}

/**
 * A registrant's health data and counselling notes, opened from the scoring grid: one tab each, saved
 * separately. Without update on Penilaian Tes both are read-only. Closing with unsaved changes asks first.
 */
export function CareDrawer({ target, onClose }: { target: CareTarget | null; onClose: () => void }) {
  const editable = useModuleActions('Penilaian Tes').update;
  const dirty = useRef({ health: false, counselling: false });
  const onHealthDirty = useCallback((d: boolean) => {
    dirty.current.health = d;
  }, []);
  const onCounsellingDirty = useCallback((d: boolean) => {
    dirty.current.counselling = d;
  }, []);
  const close = () => {
    dirty.current = { health: false, counselling: false };
    onClose();
  };
  const requestClose = () => {
    if (!dirty.current.health && !dirty.current.counselling) return close();
    modals.openConfirmModal({
      title: 'Buang perubahan?',
      children: <Text size="sm">Perubahan yang belum disimpan akan hilang.</Text>,
      labels: { confirm: 'Buang', cancel: 'Kembali' },
      confirmProps: { color: 'red' },
      onConfirm: close,
    });
  };
  const who = target ? `${target.name ?? '-'} (${target.registration_number})` : '';
  return (
    <Drawer
      opened={target !== null}
      onClose={requestClose}
      position="right"
      size="lg"
      title={who}
      closeButtonProps={{ 'aria-label': 'Tutup' }}
    >
      {target && (
        <Tabs defaultValue="health" keepMounted>
          <Tabs.List mb="md">
            <Tabs.Tab value="health">Data Kesehatan</Tabs.Tab>
            <Tabs.Tab value="counselling">Bimbingan Konseling</Tabs.Tab>
          </Tabs.List>
          {!editable && (
            <Alert color="gray" mb="md">
              Anda hanya dapat melihat data ini.
            </Alert>
          )}
          <Tabs.Panel value="health">
            <Loaded
              query={healthQuery(target.registrant_id)}
              what="data kesehatan"
              render={(data) => <HealthForm data={data} editable={editable} onDirtyChange={onHealthDirty} />}
            />
          </Tabs.Panel>
          <Tabs.Panel value="counselling">
            <Loaded
              query={counsellingQuery(target.registrant_id)}
              what="catatan bimbingan konseling"
              render={(data) => (
                <CounsellingForm data={data} editable={editable} onDirtyChange={onCounsellingDirty} />
              )}
            />
          </Tabs.Panel>
        </Tabs>
      )}
    </Drawer>
  );
}

/** Fetched fresh on every opening; the form starts from it and is never refetched under the user's edits. */
function Loaded<T, K extends QueryKey>({
  query,
  what,
  render,
}: {
  query: UseQueryOptions<T, Error, T, K>;
  what: string;
  render: (data: T) => ReactNode;
}) {
  const q = useQuery({ ...query, gcTime: 0, refetchOnWindowFocus: false });
  if (q.isPending)
    return (
      <Stack align="center" py="xl">
        <Loader aria-label={`Memuat ${what}`} />
      </Stack>
    );
  if (q.isError)
    return (
      <Alert color="red" title={`Gagal memuat ${what}`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(q.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void q.refetch()}>
            Coba lagi
          </Button>
        </Stack>
      </Alert>
    );
  return <>{render(q.data)}</>;
}
