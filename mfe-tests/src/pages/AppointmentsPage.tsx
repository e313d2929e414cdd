import { todayWibText } from '@psb/contracts/parent';
import { RelationPicker, useModuleActions, useUrlFilters } from '@psb/resource-ui';
import { Card, Stack, Tabs, Text, TextInput, Title } from '@psb/ui';
import { DaySchedule } from '../appointments/DaySchedule';
import { PeriodSlots } from '../appointments/PeriodSlots';
import { PublishSlotForm } from '../appointments/PublishSlotForm';

const KEYS = ['tab', 'date', 'school_period_id'] as const;

/**
 * `/admin/appointments`: the day's interviews and observations per room and interviewer, and the slots
 * parents book themselves, published per period.
 */
export function AppointmentsPage() {
  const { filters, set } = useUrlFilters<Partial<Record<(typeof KEYS)[number], string>>>(KEYS);
  const actions = useModuleActions('Jadwal Tes/Observasi');
  const date = filters.date ?? todayWibText();
  const periodId = Number(filters.school_period_id) || null;
  return (
    <Stack gap="md">
      <Title order={2}>Jadwal Wawancara/Observasi</Title>
      <Tabs value={filters.tab ?? 'day'} onChange={(v) => set({ tab: v ?? undefined })}>
        <Tabs.List>
          <Tabs.Tab value="day">Jadwal Harian</Tabs.Tab>
          <Tabs.Tab value="slots">Slot per Periode</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="day" pt="md">
          <Stack gap="md">
            <TextInput
              label="Tanggal"
              type="date"
              maw={220}
              value={date}
              onChange={(e) => set({ date: e.currentTarget.value || undefined })}
            />
            <DaySchedule date={date} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="slots" pt="md">
          <Stack gap="md">
            <div style={{ maxWidth: 360 }}>
              <RelationPicker
                resource="school_period"
                label="Periode Pendaftaran"
                value={filters.school_period_id ?? null}
                onChange={(v) => set({ school_period_id: v ?? undefined })}
              />
            </div>
            {periodId === null ? (
              <Text c="gray.7">Pilih periode pendaftaran untuk melihat dan menerbitkan slot.</Text>
            ) : (
              <>
                {actions.insert && (
                  <Card withBorder padding="md">
                    <Title order={3} size="h5" mb="sm">
                      Terbitkan slot baru
                    </Title>
                    <PublishSlotForm periodId={periodId} />
                  </Card>
                )}
                <PeriodSlots periodId={periodId} mayDelete={actions.delete} />
              </>
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
