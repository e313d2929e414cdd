import { errorMessage } from '@psb/api-client/http';
import type { DocumentKind, DocumentTemplate } from '@psb/contracts/content';
import { Alert, Loader, Paper, Stack, Text } from '@psb/ui';
import { useEffect, useState } from 'react';
import { previewFormat } from './api/documents';

const DELAY_MS = 600;

/**
 * The draft rendered by the server's PDF module on demo data, refreshed a moment after each change (the
 * previous request is cancelled). What staff see is the file parents and staff will print.
 */
export function PdfPreview({
  kind,
  schoolId,
  template,
}: {
  kind: DocumentKind;
  schoolId: number;
  template: DocumentTemplate;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const draft = JSON.stringify(template);

  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      previewFormat(kind, schoolId, JSON.parse(draft) as DocumentTemplate, abort.signal)
        .then((blob) => {
          setError(null);
          setUrl(URL.createObjectURL(blob));
        })
        .catch((e: unknown) => {
          if (!abort.signal.aborted) setError(errorMessage(e));
        })
        .finally(() => {
          if (!abort.signal.aborted) setLoading(false);
        });
    }, DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [kind, schoolId, draft]);

  // Each file is released when the next one replaces it, or when the page closes.
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Pratinjau (data contoh) {loading && <Loader size="xs" ml={6} aria-label="Memuat pratinjau" />}
      </Text>
      {error && (
        <Alert color="red" variant="light" title="Pratinjau gagal">
          {error}
        </Alert>
      )}
      <Paper withBorder h={640} style={{ overflow: 'hidden' }}>
        {url ? (
          <iframe
            src={url}
            title="Pratinjau PDF"
            data-testid="pdf-preview"
            style={{ width: '100%', height: '100%', border: 0 }}
          />
        ) : (
          <Text c="gray.7" p="md">
            Menyiapkan pratinjau…
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
