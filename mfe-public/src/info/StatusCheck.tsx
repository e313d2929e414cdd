import { errorMessage } from '@psb/api-client/http';
import { formatDateTyping, toIsoDate } from '@psb/contracts/survey';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@psb/ui';
import { type FormEvent, useState } from 'react';
import { registrationStatus } from './api';

type Result =
  | { kind: 'found'; number: string; name: string; status: string }
  | { kind: 'error'; message: string };

/**
 * Public status check: the registration number AND the child's birth date, so a guessed number tells a
 * stranger nothing. The answer is the status with the name masked.
 */
export function StatusCheck() {
  const [number, setNumber] = useState('');
  const [birth, setBirth] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = number.trim();
    const date = toIsoDate(birth);
    if (!n || !date) {
      const message = !n ? 'Masukkan nomor pendaftaran.' : 'Masukkan tanggal lahir calon murid (dd/mm/yyyy).';
      setResult({ kind: 'error', message });
      return;
    }
    setBusy(true);
    try {
      const r = await registrationStatus({ registration_number: n, birth_date: date });
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
          Masukkan nomor pendaftaran calon murid (misalnya PSB-2027-SD-00001) dan tanggal lahirnya.
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
            <TextInput
              label="Tanggal lahir calon murid"
              name="birth_date"
              placeholder="dd/mm/yyyy"
              inputMode="numeric"
              autoComplete="off"
              value={birth}
              onChange={(e) => setBirth(formatDateTyping(e.currentTarget.value))}
              style={{ flex: '1 1 160px' }}
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
