import { RelationPicker } from '@psb/resource-ui';
import { useNavigate } from '@psb/router';
import { Button, Paper, Stack, Text, Title } from '@psb/ui';
import { useState } from 'react';

/** /admin/score_test: choose the session to score. */
export function ScoreSessionPage() {
  const [sessionId, setSessionId] = useState<string | null>(null);
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Title order={2}>Penilaian Tes</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text size="sm">Pilih sesi tes untuk mengisi nilai seluruh pesertanya dalam satu tabel.</Text>
          <RelationPicker
            resource="mst_test_detail"
            label="Sesi Tes"
            placeholder="Cari sesi…"
            value={sessionId}
            onChange={setSessionId}
            w={420}
          />
          <Button
            w="fit-content"
            disabled={!sessionId}
            onClick={() => navigate(`/admin/score_test/detail?id=${sessionId}`)}
          >
            Buka Penilaian
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
