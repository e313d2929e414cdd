import {
  REGISTRANT_MSG,
  UPLOAD_FOLDER_LABELS,
  UPLOAD_FOLDERS,
  type UploadFolder,
} from '@psb/contracts/parent';
import {
  Anchor,
  Button,
  FileButton,
  formatDateTime,
  Group,
  Image,
  notify,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@psb/ui';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Notice } from '../common/Notice';
import { StatusBadge } from '../common/StatusBadge';
import { registrantKeys, registrantQuery } from '../registrant/api';
import { useOnline } from '../survey/useOnline';
import { getRegistrantFile, UploadError, uploadRegistrantFile } from './api';
import { ACCEPT, checkFile, formatSize, PHOTO_WIDTH, shrinkPhoto } from './photo';

interface Doc {
  url: string;
  name: string;
  type: string;
  size: number;
  uploaded_at: string;
}

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

function DocumentRow({
  registrantId,
  folder,
  doc,
  readOnly,
}: {
  registrantId: number;
  folder: UploadFolder;
  doc: Doc | undefined;
  readOnly: boolean;
}) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const stored = useFileUrl(registrantId, folder, doc);
  const preview = localPreview ?? stored;
  const label = UPLOAD_FOLDER_LABELS[folder];

  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview]);

  const upload = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    const bad = checkFile(folder, file);
    if (bad) {
      setProblem(bad);
      return;
    }
    setProgress(0);
    try {
      let body: Blob = file;
      let filename = file.name;
      if (folder === 'photo') {
        body = await shrinkPhoto(file);
        if (body !== file) filename = `${file.name.replace(/\.[^.]*$/, '') || 'foto'}.jpg`;
        setLocalPreview(URL.createObjectURL(body));
      }
      await uploadRegistrantFile(registrantId, body, {
        folder,
        filename,
        resize: folder === 'photo' ? PHOTO_WIDTH : undefined,
        onProgress: setProgress,
      });
      notify.success(`${label}: ${REGISTRANT_MSG.uploaded}`);
      await queryClient.invalidateQueries({ queryKey: registrantKeys.one(registrantId) });
      void queryClient.invalidateQueries({ queryKey: registrantKeys.all, exact: true });
    } catch (err) {
      setLocalPreview(null);
      setProblem(err instanceof UploadError ? err.message : 'Gagal mengunggah file. Silakan coba lagi.');
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
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
            <Text fw={600}>{label}</Text>
            {doc ? (
              <StatusBadge color="green">Sudah diunggah</StatusBadge>
            ) : (
              <StatusBadge color="gray">Belum diunggah</StatusBadge>
            )}
          </Group>
          {doc ? (
            <Text size="sm" c="gray.7" truncate="end">
              {stored && folder !== 'photo' ? (
                <Anchor href={stored} target="_blank" rel="noopener" size="sm">
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
                : 'JPG, PNG atau PDF, maksimal 5 MB.'}
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
          {!readOnly && (
            <FileButton onChange={upload} accept={ACCEPT[folder].join(',')}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  w="fit-content"
                  leftSection={<IconUpload size={14} aria-hidden />}
                  loading={uploading}
                  disabled={!online}
                  aria-label={`${doc ? 'Ganti file' : 'Pilih file'} ${label.toLowerCase()}`}
                >
                  {doc ? 'Ganti file' : 'Pilih file'}
                </Button>
              )}
            </FileButton>
          )}
          {!readOnly && !online && (
            <Text size="xs" c="orange.9">
              Unggah file memerlukan koneksi internet.
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/** Photo, birth certificate and family card of a registrant: upload with progress, preview. */
export function DocumentsPanel({ registrantId, readOnly }: { registrantId: number; readOnly: boolean }) {
  const { data } = useQuery(registrantQuery(registrantId));
  const documents = (data?.documents ?? {}) as Partial<Record<UploadFolder, Doc>>;
  return (
    <Stack gap="xs" component="section" aria-labelledby="documents-title">
      <Title order={4} id="documents-title">
        Pas Foto dan Dokumen
      </Title>
      {UPLOAD_FOLDERS.map((folder) => (
        <DocumentRow
          key={folder}
          registrantId={registrantId}
          folder={folder}
          doc={documents[folder]}
          readOnly={readOnly}
        />
      ))}
    </Stack>
  );
}
