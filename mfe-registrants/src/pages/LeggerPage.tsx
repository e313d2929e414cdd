import { errorMessage } from '@psb/api-client/http';
import { RelationPicker, saveBlob } from '@psb/resource-ui';
import { Alert, Button, FileButton, Group, notify, Paper, Stack, Text, Title } from '@psb/ui';
import { IconDownload, IconFileCheck, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { fetchLeggerFile, type LeggerCheck, sendLegger } from '../legger/api/legger';
import { ProblemsTable } from '../legger/ProblemsTable';

/**
 * /admin/registrant/legger: the scores of a registration period's registrants per subject. Staff download
 * the spreadsheet, fill it in, send it to be checked (every problem listed by row and column, nothing
 * written), then save it — all of it in one go.
 */
export function LeggerPage() {
  const [periodId, setPeriodId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<LeggerCheck | null>(null);
  const [busy, setBusy] = useState<'template' | 'export' | 'check' | 'save' | null>(null);
  const period = periodId ? Number(periodId) : null;

  const download = async (kind: 'template' | 'export') => {
    if (!period) return;
    setBusy(kind);
    try {
      const blob = await fetchLeggerFile(kind, period);
      saveBlob(blob, kind === 'template' ? 'Templat Legger.xlsx' : 'Legger Murid.xlsx');
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const send = async (dryRun: boolean) => {
    if (!period || !file) return;
    setBusy(dryRun ? 'check' : 'save');
    try {
      const result = await sendLegger(period, file, dryRun);
      setCheck(result);
      if (result.success && !dryRun) {
        notify.success(result.message);
        setFile(null);
        setCheck(null);
      }
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const chooseFile = (f: File | null) => {
    setFile(f);
    setCheck(null);
  };

  return (
    <Stack gap="md">
      <Title order={2}>Legger Murid</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <RelationPicker
            resource="school_period"
            label="Periode Pendaftaran"
            placeholder="Cari periode…"
            value={periodId}
            onChange={(v) => {
              setPeriodId(v);
              chooseFile(null);
            }}
            w={420}
          />
          <Group>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              disabled={!period}
              loading={busy === 'template'}
              onClick={() => void download('template')}
            >
              Unduh Templat
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              disabled={!period}
              loading={busy === 'export'}
              onClick={() => void download('export')}
            >
              Ekspor Legger
            </Button>
          </Group>
          {!period && (
            <Text c="gray.7">Pilih periode pendaftaran untuk mengunduh atau mengunggah legger.</Text>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            Unggah Legger
          </Title>
          <Text size="sm" c="gray.7">
            Isi nilai 0–100 pada templat (boleh dua angka di belakang koma). Sel yang kosong tidak mengubah
            nilai yang sudah ada. Berkas diperiksa seluruhnya dulu; nilai disimpan hanya bila tidak ada
            kesalahan.
          </Text>
          <Group>
            <FileButton
              onChange={chooseFile}
              accept="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.xlsx"
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  disabled={!period}
                >
                  Pilih Berkas
                </Button>
              )}
            </FileButton>
            <Text size="sm" data-testid="legger-file">
              {file ? file.name : 'Belum ada berkas dipilih.'}
            </Text>
          </Group>
          <Group>
            <Button
              leftSection={<IconFileCheck size={16} aria-hidden />}
              disabled={!period || !file}
              loading={busy === 'check'}
              onClick={() => void send(true)}
            >
              Periksa
            </Button>
            <Button
              color="green"
              disabled={!check?.success || check.dry_run !== true}
              loading={busy === 'save'}
              onClick={() => void send(false)}
            >
              Simpan Nilai
            </Button>
          </Group>
          {check?.success && (
            <Alert color="green" title="Berkas valid" data-testid="legger-valid">
              {check.message} ({check.scores} nilai)
            </Alert>
          )}
          {check && !check.success && (
            <Stack gap="xs">
              <Alert color="red" title="Berkas belum dapat disimpan">
                {check.message}
              </Alert>
              <ProblemsTable problems={check.problems} />
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
