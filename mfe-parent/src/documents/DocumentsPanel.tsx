import {
  DOCUMENT_STATE_LABELS,
  type DocumentState,
  type RegistrantDocument,
  UPLOAD_FOLDER_LABELS,
  UPLOAD_FOLDERS,
  type UploadFolder,
} from '@psb/contracts/parent';
import { Anchor, formatDateTime, Group, Image, Paper, Progress, Stack, Text, Title } from '@psb/ui';
import { IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { registrantQuery } from '../common/api/registrant';
import { Notice } from '../common/Notice';
import { StatusBadge } from '../common/StatusBadge';
import { useOnline } from '../common/useOnline';
import { documentStatesQuery, getRegistrantFile } from './api';
import { formatSize } from './photo';
import { ReplaceButtons } from './ReplaceButtons';
import { useDocumentUpload } from './useDocumentUpload';

interface Doc {
  url: string;
  name: string;
  type: string;
  size: number;
  uploaded_at: string;
}

const STATE_COLOR: Record<DocumentState, string> = {
  missing: 'gray',
  waiting: 'yellow',
  accepted: 'green',
  rejected: 'red',
};

/** A stored document read back with the session, as an object URL (files are never public). */
function useFileUrl(registrantId: number, folder: UploadFolder, doc: Doc | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!doc) return;
    let revoked = false;
    let made: string | null = null;
    getRegistrantFile(registrantId, folder)
      .then((blob) => {
        if (revoked) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => setUrl(null));
    return () => {
      revoked = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [registrantId, folder, doc?.uploaded_at]);
  return url;
}

/** A rejected document's reason, as the school wrote it. */
export function RejectionReason({ state }: { state: Pick<RegistrantDocument, 'reason' | 'note'> }) {
  return (
    <Text size="sm">
      {state.reason}
      {state.note ? ` (${state.note})` : ''}
    </Text>
  );
}

function DocumentRow({
  registrantId,
  folder,
  doc,
  state,
  readOnly,
}: {
  registrantId: number;
  folder: UploadFolder;
  doc: Doc | undefined;
  state: RegistrantDocument | undefined;
  readOnly: boolean;
}) {
  const online = useOnline();
  const { upload, progress, problem, localPreview, uploading } = useDocumentUpload(registrantId, folder);
  const stored = useFileUrl(registrantId, folder, doc);
  const preview = localPreview ?? stored;
  const label = UPLOAD_FOLDER_LABELS[folder];
  // Verification state: a document never uploaded is "belum diunggah"; a locked form still takes the
  // replacement of a rejected one.
  const verification: DocumentState = state?.state ?? (doc ? 'waiting' : 'missing');
  const rejected = verification === 'rejected';
  const mayUpload = !readOnly || rejected;

  return (
    <Paper withBorder radius="md" p="sm" data-testid={`doc-${folder}`}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {folder === 'photo' &&
          (preview ? (
            <Image
              src={preview}
              alt={`Pratinjau ${label.toLowerCase()}`}
              w={72}
              h={96}
              radius="sm"
              fit="cover"
            />
          ) : (
            <Paper
              w={72}
              h={96}
              radius="sm"
              bg="gray.1"
              style={{ display: 'grid', placeItems: 'center', flexShrink: 0 }}
            >
              <IconPhoto size={28} color="var(--mantine-color-gray-6)" aria-hidden />
            </Paper>
          ))}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text fw={600}>
              {label}
              {state?.required && (
                <Text span size="xs" c="gray.7" fw={400}>
                  {' '}
                  (wajib)
                </Text>
              )}
            </Text>
            <StatusBadge color={STATE_COLOR[verification]} data-testid={`doc-state-${folder}`}>
              {DOCUMENT_STATE_LABELS[verification]}
            </StatusBadge>
          </Group>
          {rejected && state && (
            <Notice
              color="red"
              p="xs"
              title="Ditolak sekolah, mohon kirim ulang"
              data-testid={`doc-reason-${folder}`}
            >
              <RejectionReason state={state} />
            </Notice>
          )}
          {doc ? (
            <Text size="sm" c="gray.7" truncate="end">
              {stored && folder !== 'photo' ? (
                <Anchor href={stored} target="_blank" rel="noopener" size="sm" underline="always">
                  {doc.name}
                </Anchor>
              ) : (
                doc.name
              )}{' '}
              · {formatSize(doc.size)} · {formatDateTime(doc.uploaded_at)}
            </Text>
          ) : (
            <Text size="sm" c="gray.7">
              {folder === 'photo'
                ? 'JPG atau PNG, wajah terlihat jelas.'
                : 'Foto dengan kamera, atau pilih JPG, PNG atau PDF (maksimal 5 MB).'}
            </Text>
          )}
          {uploading && (
            <Progress
              value={Math.round((progress ?? 0) * 100)}
              size="sm"
              animated
              aria-label={`Mengunggah ${label}`}
            />
          )}
          {problem && (
            <Notice color="red" p="xs" role="alert">
              <Text size="sm">{problem}</Text>
            </Notice>
          )}
          {mayUpload && (
            <ReplaceButtons
              folder={folder}
              hasFile={Boolean(doc)}
              onFile={(f) => void upload(f)}
              uploading={uploading}
              disabled={!online}
            />
          )}
          {mayUpload && !online && (
            <Text size="xs" c="orange.9">
              Unggah file memerlukan koneksi internet.
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/** Photo, birth certificate and family card of a registrant: upload with progress, preview, verification. */
export function DocumentsPanel({ registrantId, readOnly }: { registrantId: number; readOnly: boolean }) {
  const { data } = useQuery(registrantQuery(registrantId));
  const states = useQuery(documentStatesQuery(registrantId));
  const documents = (data?.documents ?? {}) as Partial<Record<UploadFolder, Doc>>;
  const rejected = (states.data?.documents ?? []).filter((d) => d.state === 'rejected');
  return (
    <Stack gap="xs" component="section" aria-labelledby="documents-title" id="documents">
      <Title order={4} id="documents-title">
        Pas Foto dan Dokumen
      </Title>
      {rejected.length > 0 && (
        <Text size="sm" c="red.9" data-testid="documents-rejected-count">
          {rejected.length} dokumen ditolak sekolah: kirim ulang dari tombol Foto ulang.
        </Text>
      )}
      {UPLOAD_FOLDERS.map((folder) => (
        <DocumentRow
          key={folder}
          registrantId={registrantId}
          folder={folder}
          doc={documents[folder]}
          state={states.data?.documents.find((d) => d.folder === folder)}
          readOnly={readOnly}
        />
      ))}
    </Stack>
  );
}
