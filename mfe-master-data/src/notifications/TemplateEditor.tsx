import { errorMessage } from '@psb/api-client/http';
import {
  NOTIFICATION_PLACEHOLDERS,
  type NotificationKind,
  unknownNotificationPlaceholders,
  unknownPlaceholderMessage,
} from '@psb/contracts/notifications';
import {
  Badge,
  Button,
  Card,
  Group,
  notify,
  PageError,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@psb/ui';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { invalidatePreviews, saveTemplate, templateQuery, useTemplate } from './api/notifications';

const check = (text: string) => {
  const unknown = unknownNotificationPlaceholders(text);
  return unknown.length ? unknownPlaceholderMessage(unknown) : null;
};

/** The message text with its placeholders; an unknown placeholder is named before saving. */
export function TemplateEditor({ kind, editable }: { kind: NotificationKind; editable: boolean }) {
  const queryClient = useQueryClient();
  const stored = useTemplate(kind);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  useEffect(() => {
    if (stored.data) {
      setSubject(stored.data.subject);
      setBody(stored.data.body);
    }
  }, [stored.data]);
  const save = useMutation({
    mutationFn: () => saveTemplate(kind, { subject, body }),
    onSuccess: (data) => {
      notify.success('Isi pesan berhasil disimpan.');
      queryClient.setQueryData(templateQuery(kind).queryKey, data);
      void invalidatePreviews(queryClient, kind);
    },
    onError: (e) => notify.error(errorMessage(e)),
  });
  const subjectError = check(subject);
  const bodyError = check(body);
  const dirty = stored.data && (stored.data.subject !== subject || stored.data.body !== body);

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Isi Pesan
        </Title>
        {stored.isPending ? (
          <Skeleton height={160} />
        ) : stored.isError ? (
          <PageError message={errorMessage(stored.error)} onRetry={() => void stored.refetch()} />
        ) : (
          <>
            <TextInput
              label="Judul"
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
              error={subjectError}
              disabled={!editable}
              maxLength={200}
            />
            <Textarea
              label="Isi pesan"
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              error={bodyError}
              disabled={!editable}
              autosize
              minRows={4}
              maxLength={2000}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Isian otomatis yang tersedia
              </Text>
              <Group gap={6}>
                {Object.entries(NOTIFICATION_PLACEHOLDERS).map(([name, meaning]) => (
                  <Badge key={name} variant="light" color="gray" tt="none" title={meaning}>
                    {`{${name}}`} — {meaning}
                  </Badge>
                ))}
              </Group>
            </Stack>
            {editable && (
              <Group justify="flex-end">
                <Button
                  leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                  onClick={() => save.mutate()}
                  loading={save.isPending}
                  disabled={!dirty || !!subjectError || !!bodyError || !subject.trim() || !body.trim()}
                >
                  Simpan Isi Pesan
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
