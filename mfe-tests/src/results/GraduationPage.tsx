import { Stack, Tabs, Text, Title } from '@psb/ui';
import { useState } from 'react';
import { GraduationListTab } from './GraduationListTab';
import { RecapTab } from './RecapTab';
import { ReserveTab } from './ReserveTab';

/** `/admin/registrant/graduation`: results (draft and publication), the reserve list moving up, the recap. */
export function GraduationPage() {
  const [tab, setTab] = useState<string | null>('list');
  return (
    <Stack gap="md" data-testid="graduation-page">
      <div>
        <Title order={1} size="h2">
          Kelulusan
        </Title>
        <Text size="sm" c="gray.7">
          Tetapkan dan umumkan hasil seleksi. Orang tua hanya melihat hasil yang sudah diumumkan.
        </Text>
      </div>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="list">Hasil Seleksi</Tabs.Tab>
          <Tabs.Tab value="reserve">Daftar Cadangan</Tabs.Tab>
          <Tabs.Tab value="recap">Rekap</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list" pt="md">
          <GraduationListTab />
        </Tabs.Panel>
        <Tabs.Panel value="reserve" pt="md">
          <ReserveTab />
        </Tabs.Panel>
        <Tabs.Panel value="recap" pt="md">
          <RecapTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
