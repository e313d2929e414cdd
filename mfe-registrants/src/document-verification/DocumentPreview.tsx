import { errorMessage } from '@psb/api-client/http';
import { Alert, Center, Image, Loader, Paper, Text } from '@psb/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchDocumentFile } from './api/documents';

/**
 * The current file of a document, drawn from an object URL of what was fetched with the staff token: an image
 * as an image, a PDF in the browser's viewer. `uploadedAt` names the version, so a replacement is fetched anew.
 */
export function DocumentPreview({
  registrantId,
  folder,
  label,
  uploadedAt,
}: {
  registrantId: number;
  folder: string;
  label: string;
  uploadedAt: string;
}) {
  const file = useQuery({
    queryKey: ['registrant-admin', 'documents', 'file', registrantId, folder, uploadedAt],
    queryFn: () => fetchDocumentFile(registrantId, folder),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.data) return;
    const made = URL.createObjectURL(file.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file.data]);

  if (file.error)
    return (
      <Alert color="red" title="File gagal dimuat">
        {errorMessage(file.error)}
      </Alert>
    );
  if (!file.data || !url)
    return (
      <Center mih={320}>
        <Loader aria-label="Memuat dokumen" />
      </Center>
    );
  return (
    <Paper withBorder radius="md" p="xs" data-testid="document-preview">
      {file.data.type === 'application/pdf' ? (
        <iframe src={url} title={`Dokumen ${label}`} style={{ width: '100%', height: '70vh', border: 0 }} />
      ) : (
        <Image
          src={url}
          alt={`Dokumen ${label}`}
          fit="contain"
          mah="70vh"
          radius="sm"
          data-testid="document-image"
        />
      )}
      <Text size="xs" c="gray.7" mt={4}>
        {label}
      </Text>
    </Paper>
  );
}
