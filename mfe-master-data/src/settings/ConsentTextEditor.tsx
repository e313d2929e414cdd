import { errorMessage } from '@psb/api-client/http';
import {
  Accordion,
  Button,
  Card,
  Group,
  Markdown,
  modals,
  notify,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@psb/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { consentTextsKey, consentTextsQuery, saveConsentText } from './api/consent-texts';
import { MarkdownEditor } from './MarkdownEditor';

const when = (iso: string) =>
  new Date(iso).toLocaleString('id-ID', {
    timeZone: 'Asia/Jakarta',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

/**
 * The consent text parents agree to. Saving adds a version (earlier ones stay, listed below) and every parent
 * is asked to agree again at their next visit, so saving asks first.
 */
export function ConsentTextEditor() {
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery(consentTextsQuery());
  const latest = data?.[0];
  const [text, setText] = useState('');
  useEffect(() => setText(latest?.body ?? ''), [latest?.body]);
  const save = useMutation({
    mutationFn: () => saveConsentText(text),
    onSuccess: (res) => {
      notify.success(res.message);
      return queryClient.invalidateQueries({ queryKey: consentTextsKey });
    },
    onError: (err) => notify.error(errorMessage(err)),
  });
  const confirmSave = () => {
    if (!text.trim()) return notify.error('Teks persetujuan wajib diisi.');
    modals.openConfirmModal({
      title: 'Simpan versi baru?',
      children: (
        <Text size="sm">
          Semua orang tua akan diminta menyetujui teks ini saat masuk berikutnya. Versi sebelumnya tetap
          tersimpan.
        </Text>
      ),
      labels: { confirm: 'Simpan versi baru', cancel: 'Batal' },
      onConfirm: () => save.mutate(),
    });
  };
  if (isPending) return <Skeleton h={240} />;
  if (isError) return <Text c="red">Teks persetujuan tidak dapat dimuat. Muat ulang halaman.</Text>;
  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Title order={4} mb="xs">
          {latest ? `Teks persetujuan (versi ${latest.version} berlaku)` : 'Teks persetujuan (belum ada)'}
        </Title>
        <MarkdownEditor label="Teks persetujuan" value={text} onChange={setText} />
        <Group mt="md">
          <Button onClick={confirmSave} loading={save.isPending} disabled={text === (latest?.body ?? '')}>
            Simpan sebagai versi baru
          </Button>
        </Group>
      </Card>
      <Card withBorder padding="lg">
        <Title order={4} mb="xs">
          Riwayat versi
        </Title>
        {data.length === 0 ? (
          <Text size="sm" c="gray.7">
            Belum ada versi tersimpan.
          </Text>
        ) : (
          <Accordion>
            {data.map((v) => (
              <Accordion.Item key={v.version} value={String(v.version)}>
                <Accordion.Control>
                  Versi {v.version} · {when(v.created_at)}
                  {v.created_by_name ? ` · ${v.created_by_name}` : ''}
                </Accordion.Control>
                <Accordion.Panel>
                  <Markdown>{v.body}</Markdown>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Card>
    </Stack>
  );
}
