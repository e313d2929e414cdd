import { errorMessage } from '@psb/api-client/http';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@psb/ui';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { lookupSchoolByNpsn } from './api';
import type { PageExtraProps } from './SurveyForm';

const NPSN = /^[0-9A-Z]{8}$/;
/** Previous school name and city (questions 11 and 12). */
const NAME = '11';
const CITY = '12';

/**
 * Optional: find the previous school by its NPSN and fill its name and city. A failed or unknown lookup only
 * says so; the fields stay free to type.
 */
export function NpsnLookup({ readOnly, setAnswers }: PageExtraProps) {
  const [npsn, setNpsn] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  if (readOnly) return null;

  const search = async (e?: FormEvent) => {
    e?.preventDefault();
    const code = npsn.trim().toUpperCase();
    if (!NPSN.test(code)) {
      setNote({ ok: false, text: 'NPSN terdiri dari 8 angka/huruf.' });
      return;
    }
    setBusy(true);
    setNote(null);
    try {
      const r = await lookupSchoolByNpsn(code);
      if (r.data) {
        setAnswers({ [NAME]: r.data.nama, [CITY]: r.data.kabupaten });
        setNote({
          ok: true,
          text: `Ditemukan: ${r.data.nama}, ${r.data.kabupaten}. Nama dan kota sekolah sudah diisi.`,
        });
      } else {
        setNote({
          ok: false,
          text: r.message ?? 'Sekolah tidak ditemukan. Silakan isi nama dan kota sekolah secara manual.',
        });
      }
    } catch (err) {
      setNote({
        ok: false,
        text: `${errorMessage(err)} Anda tetap dapat mengisi nama dan kota sekolah secara manual.`,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" bg="gray.0">
      <Stack gap="xs">
        <Text fw={600}>Cari sekolah dengan NPSN (opsional)</Text>
        <Text size="sm" c="gray.7">
          NPSN adalah nomor pokok sekolah nasional (8 karakter). Bila tidak tahu, lewati saja.
        </Text>
        <Group align="flex-end" gap="xs" wrap="nowrap" component="div">
          <TextInput
            label="NPSN sekolah sebelumnya"
            value={npsn}
            onChange={(e) => setNpsn(e.currentTarget.value.toUpperCase().slice(0, 8))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void search(e);
            }}
            inputMode="numeric"
            autoComplete="off"
            style={{ flex: 1 }}
            maw={240}
          />
          <Button
            onClick={() => void search()}
            loading={busy}
            leftSection={<IconSearch size={16} aria-hidden />}
          >
            Cari
          </Button>
        </Group>
        {note && (
          <Alert color={note.ok ? 'green' : 'yellow'} p="xs" data-testid="npsn-result" role="status">
            <Text size="sm">{note.text}</Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
