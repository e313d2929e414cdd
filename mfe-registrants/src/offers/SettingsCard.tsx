import { errorMessage } from '@psb/api-client/http';
import { Button, Card, Group, NumberInput, notify, Select, Text } from '@psb/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { offerKeys, saveOfferSettings } from './api/offers';

const REFILL = [
  { value: 'auto', label: 'Otomatis ke cadangan berikutnya' },
  { value: 'staff', label: 'Menunggu konfirmasi staf' },
];

/** The period's offer rules: days a family has to answer, and how a freed seat is filled. */
export function SettingsCard({
  periodId,
  settings,
  canUpdate,
}: {
  periodId: number;
  settings: { deadline_days: number; refill: 'auto' | 'staff' };
  canUpdate: boolean;
}) {
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number | string>(settings.deadline_days);
  const [refill, setRefill] = useState<string>(settings.refill);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setDays(settings.deadline_days);
    setRefill(settings.refill);
  }, [settings.deadline_days, settings.refill]);

  const save = async () => {
    setBusy(true);
    try {
      const res = await saveOfferSettings({
        school_period_id: periodId,
        deadline_days: Number(days),
        refill: refill === 'staff' ? 'staff' : 'auto',
      });
      notify.success(res.message);
      await queryClient.invalidateQueries({ queryKey: offerKeys.all });
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="md">
      <Text fw={600} mb="xs">
        Aturan penawaran periode ini
      </Text>
      <Group align="flex-end">
        <NumberInput
          label="Lama penawaran (hari)"
          min={1}
          max={90}
          value={days}
          onChange={setDays}
          disabled={!canUpdate}
          w={180}
        />
        <Select
          label="Kursi yang dilepas"
          data={REFILL}
          value={refill}
          onChange={(v) => v && setRefill(v)}
          disabled={!canUpdate}
          allowDeselect={false}
          w={300}
        />
        {canUpdate && (
          <Button variant="default" onClick={save} loading={busy}>
            Simpan
          </Button>
        )}
      </Group>
    </Card>
  );
}
