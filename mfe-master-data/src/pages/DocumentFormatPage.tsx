import { errorMessage } from '@psb/api-client/http';
import { DOCUMENT_KINDS, DOCUMENTS, type DocumentKind, type DocumentTemplate } from '@psb/contracts/content';
import { RelationPicker, useModuleActions } from '@psb/resource-ui';
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  NoAccess,
  notify,
  PageError,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@psb/ui';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatQuery, saveFormat, useFormat } from '../documents/api/documents';
import { PdfPreview } from '../documents/PdfPreview';
import { TemplateFields } from '../documents/TemplateFields';

/**
 * The layout editor of one document kind: a school, its layout's fields, and the live PDF beside them. Kinds
 * that share the page (the result letters: accepted, reserve, not accepted) are switched on it, the school
 * kept.
 */
export function DocumentFormatPage({ kind: first }: { kind: DocumentKind }) {
  const variants = DOCUMENT_KINDS.filter((k) => DOCUMENTS[k].adminPath === DOCUMENTS[first].adminPath);
  const [kind, setKind] = useState<DocumentKind>(first);
  const { label, module } = DOCUMENTS[kind];
  const actions = useModuleActions(module);
  const queryClient = useQueryClient();
  const [schoolId, setSchoolId] = useState<number | null>(null);
  const stored = useFormat(kind, schoolId, actions.read);
  const [draft, setDraft] = useState<DocumentTemplate | null>(null);
  useEffect(() => setDraft(stored.data?.data ?? null), [stored.data]);
  const save = useMutation({
    mutationFn: (t: DocumentTemplate) => saveFormat(kind, schoolId!, t),
    onSuccess: (res) => {
      notify.success(res.message);
      queryClient.setQueryData(formatQuery(kind, schoolId!).queryKey, res);
    },
    onError: (e) => notify.error(errorMessage(e)),
  });

  if (!actions.read) return <NoAccess modules={[module]} />;
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(stored.data?.data);

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2}>Format {label}</Title>
        <Text size="sm" c="gray.7">
          Tata letak {label.toLowerCase()} per sekolah. Pratinjau memakai data contoh calon murid.
        </Text>
      </Stack>
      <Group align="flex-end">
        <RelationPicker
          resource="school"
          label="Sekolah"
          placeholder="Pilih sekolah"
          value={schoolId === null ? null : String(schoolId)}
          onChange={(v) => setSchoolId(v ? Number(v) : null)}
          clearable={false}
          w={320}
        />
        {variants.length > 1 && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="document-variant">
              Hasil seleksi
            </Text>
            <SegmentedControl
              aria-labelledby="document-variant"
              value={kind}
              onChange={(v) => setKind(v as DocumentKind)}
              data={variants.map((k) => ({ value: k, label: DOCUMENTS[k].variant ?? DOCUMENTS[k].label }))}
            />
          </Stack>
        )}
        {stored.data && (
          <Badge variant="light" color={stored.data.saved ? 'green' : 'gray'}>
            {stored.data.saved ? 'Format sekolah' : 'Format bawaan'}
          </Badge>
        )}
      </Group>
      {schoolId === null ? (
        <Alert variant="light" color="gray">
          Pilih sekolah untuk mengatur formatnya.
        </Alert>
      ) : stored.isError ? (
        <PageError message={errorMessage(stored.error)} onRetry={() => void stored.refetch()} />
      ) : draft === null ? (
        <Skeleton height={320} />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Card withBorder radius="md" padding="lg">
              <fieldset disabled={!actions.update} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                <TemplateFields kind={kind} value={draft} onChange={setDraft} />
              </fieldset>
              {actions.update && (
                <Group justify="flex-end" mt="md">
                  <Button
                    leftSection={<IconDeviceFloppy size={16} stroke={1.6} />}
                    disabled={!dirty}
                    loading={save.isPending}
                    onClick={() => save.mutate(draft)}
                  >
                    Simpan
                  </Button>
                </Group>
              )}
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <PdfPreview kind={kind} schoolId={schoolId} template={draft} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

/** One page per document kind, for the route table. */
export const documentFormatPage = (kind: DocumentKind) => () => <DocumentFormatPage kind={kind} />;
