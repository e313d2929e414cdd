import { errorMessage } from '@psb/api-client/http';
import { type Registrant, UPLOAD_FOLDER_LABELS, UPLOAD_FOLDERS } from '@psb/contracts/registrants-admin';
import { Button, formatDateTime, Group, notify, Stack, Text } from '@psb/ui';
import { IconEye } from '@tabler/icons-react';
import { fetchDocument } from './api/registrant';

/** Opens an uploaded document in a new tab (fetched with the staff token, never a public link). */
async function preview(id: number, folder: string) {
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchDocument(id, folder);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    notify.error(errorMessage(error));
  }
}

export function DocumentsList({ r }: { r: Registrant }) {
  return (
    <Stack gap="xs">
      {UPLOAD_FOLDERS.map((folder) => {
        const doc = r.documents[folder];
        return (
          <Group key={folder} justify="space-between" wrap="nowrap">
            <div>
              <Text size="sm" fw={600}>
                {UPLOAD_FOLDER_LABELS[folder]}
              </Text>
              <Text size="xs" c="gray.7">
                {doc ? `${doc.name} · diunggah ${formatDateTime(doc.uploaded_at)}` : 'Belum diunggah'}
              </Text>
            </div>
            {doc && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconEye size={14} aria-hidden />}
                onClick={() => void preview(r.id, folder)}
              >
                Lihat
              </Button>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
