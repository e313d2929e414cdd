import { errorMessage } from '@psb/api-client/http';
import {
  OFFER_MESSAGE_KINDS,
  OFFER_MESSAGE_LABELS,
  OFFER_MESSAGE_PLACEHOLDERS,
  type OfferMessageKind,
} from '@psb/contracts/offer-messages';
import { Alert, Button, Card, Group, notify, Select, Stack, Text, Textarea, TextInput } from '@psb/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { offerKeys, saveOfferTemplate, useOfferTemplates } from './api/offers';

/**
 * The texts the families receive about their offer (e-mail or WhatsApp): staff pick a message, rewrite its
 * title and body with the listed placeholders, and save; the server refuses a placeholder it cannot fill.
 */
export function TemplatesCard({ canUpdate }: { canUpdate: boolean }) {
  const queryClient = useQueryClient();
  const query = useOfferTemplates();
  const [kind, setKind] = useState<OfferMessageKind>('offer_opened');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const current = query.data?.data.find((x) => x.kind === kind);
  useEffect(() => {
    setSubject(current?.subject ?? '');
    setBody(current?.body ?? '');
    setProblem(null);
  }, [current?.subject, current?.body]);

  const save = async () => {
    setBusy(true);
    setProblem(null);
    try {
      notify.success((await saveOfferTemplate(kind, { subject, body })).message);
      await queryClient.invalidateQueries({ queryKey: offerKeys.all });
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="md" data-testid="offer-templates">
      <Stack gap="sm">
        <Text fw={600}>Pesan kepada keluarga</Text>
        {query.isError && (
          <Alert color="red" role="alert">
            {errorMessage(query.error)}
          </Alert>
        )}
        <Select
          label="Pesan"
          data={OFFER_MESSAGE_KINDS.map((k) => ({ value: k, label: OFFER_MESSAGE_LABELS[k] }))}
          value={kind}
          onChange={(v) => v && setKind(v as OfferMessageKind)}
          allowDeselect={false}
          w={360}
        />
        <TextInput
          label="Judul"
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          disabled={!canUpdate || !current}
        />
        <Textarea
          label="Isi pesan"
          autosize
          minRows={4}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          disabled={!canUpdate || !current}
        />
        <Text size="xs" c="gray.7">
          Isian otomatis:{' '}
          {Object.entries(OFFER_MESSAGE_PLACEHOLDERS)
            .map(([name, what]) => `{${name}} ${what.toLowerCase()}`)
            .join('; ')}
          .{current?.is_default ? ' Teks ini masih teks bawaan.' : ''}
        </Text>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        {canUpdate && (
          <Group justify="flex-end">
            <Button variant="default" onClick={save} loading={busy} disabled={!current}>
              Simpan pesan
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
