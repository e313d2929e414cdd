import { api, errorMessage } from '@psb/api-client/http';
import { Button, Group, notify, Paper, saveBlob, Text, Title } from '@psb/ui';
import { IconId } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * The registrant's test card: downloadable once the school has published it (until then the server answers
 * with the reason, shown as is).
 */
export function TestCardPanel({ registrantId, number }: { registrantId: number; number: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await api.get(`registrant/test_card/${registrantId}`, { timeout: 60_000 }).blob();
      saveBlob(blob, `Kartu Tes ${number}.pdf`);
    } catch (err) {
      notify.info(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md">
      <Group justify="space-between">
        <div>
          <Title order={4}>Kartu Tes</Title>
          <Text size="sm" c="dimmed">
            Cetak dan bawa kartu tes pada hari tes. Kartu dapat diunduh setelah diterbitkan sekolah.
          </Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconId size={16} aria-hidden />}
          loading={busy}
          onClick={() => void download()}
        >
          Unduh Kartu Tes
        </Button>
      </Group>
    </Paper>
  );
}
