import { errorMessage } from '@psb/api-client/http';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@psb/ui';
import { type FormEvent, useState } from 'react';
import { registrationStatus } from './api';

type Result =
  | { kind: 'found'; number: string; name: string; status: string }
  | { kind: 'error'; message: string };

/** Public status check by registration number: shows only the name and the status. */
export function StatusCheck() {
  const [number, setNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = number.trim();
    if (!n) {
      setResult({ kind: 'error', message: 'Masukkan nomor pendaftaran.' });
      return;
    }
    setBusy(true);
    try {
      const r = await registrationStatus(n);
      setResult({ kind: 'found', number: r.registration_number, name: r.name, status: r.status });
    } catch (err) {
      setResult({ kind: 'error', message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" id="cek-status">
      <Stack gap="sm">
        <Title order={3}>Cek Status Pendaftaran</Title>
        <Text size="sm" c="gray.7">
          Masukkan nomor pendaftaran calon murid, misalnya PSB-2027-SD-00001.
        </Text>
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Nomor pendaftaran"
              name="registration_number"
              value={number}
              onChange={(e) => setNumber(e.currentTarget.value.toUpperCase())}
              autoCapitalize="characters"
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit" loading={busy}>
              Cek Status
            </Button>
          </Group>
        </form>
        <div aria-live="polite">
          {result?.kind === 'found' && (
            <Alert color="brand" title={result.number} data-testid="status-result">
              <Text fw={600}>{result.name}</Text>
              <Text>Status: {result.status}</Text>
            </Alert>
          )}
          {result?.kind === 'error' && (
            <Alert color="red" data-testid="status-error">
              {result.message}
            </Alert>
          )}
        </div>
      </Stack>
    </Card>
  );
}
