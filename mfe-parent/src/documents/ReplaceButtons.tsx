import { UPLOAD_FOLDER_LABELS, type UploadFolder } from '@psb/contracts/parent';
import { Button, FileButton, Group } from '@psb/ui';
import { IconCamera, IconUpload } from '@tabler/icons-react';
import { ACCEPT } from './photo';

/**
 * The ways to send a document: the phone's camera first (one tap opens it, the shot is sent at once), or a
 * file already on the device.
 */
export function ReplaceButtons({
  folder,
  hasFile,
  onFile,
  uploading,
  disabled,
}: {
  folder: UploadFolder;
  hasFile: boolean;
  onFile: (file: File | null) => void;
  uploading: boolean;
  disabled: boolean;
}) {
  const label = UPLOAD_FOLDER_LABELS[folder].toLowerCase();
  return (
    <Group gap="xs">
      <FileButton onChange={onFile} accept="image/*" capture="environment">
        {(props) => (
          <Button
            {...props}
            size="sm"
            leftSection={<IconCamera size={16} aria-hidden />}
            loading={uploading}
            disabled={disabled}
            aria-label={`${hasFile ? 'Foto ulang' : 'Foto'} ${label} dengan kamera`}
            data-testid={`camera-${folder}`}
          >
            {hasFile ? 'Foto ulang' : 'Foto'}
          </Button>
        )}
      </FileButton>
      <FileButton onChange={onFile} accept={ACCEPT[folder].join(',')}>
        {(props) => (
          <Button
            {...props}
            size="sm"
            variant="light"
            leftSection={<IconUpload size={16} aria-hidden />}
            disabled={disabled || uploading}
            aria-label={`${hasFile ? 'Ganti file' : 'Pilih file'} ${label}`}
          >
            {hasFile ? 'Ganti file' : 'Pilih file'}
          </Button>
        )}
      </FileButton>
    </Group>
  );
}
