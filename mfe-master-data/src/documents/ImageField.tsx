import { errorMessage } from '@psb/api-client/http';
import type { DocumentKind } from '@psb/contracts/content';
import { Button, FileButton, Group, Image, notify, Text } from '@psb/ui';
import { IconUpload, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { uploadFormatImage } from './api/documents';

export interface ImageFieldProps {
  kind: DocumentKind;
  label: string;
  value: string;
  onChange: (path: string) => void;
}

/** A logo or signature picture of the layout: uploaded at once, part of the layout once it is saved. */
export function ImageField({ kind, label, value, onChange }: ImageFieldProps) {
  const upload = useMutation({
    mutationFn: (file: File) => uploadFormatImage(kind, file),
    onSuccess: (res) => onChange(res.image),
    onError: (e) => notify.error(errorMessage(e)),
  });
  return (
    <Group gap="sm" align="center">
      <Text size="sm" fw={500} w={90}>
        {label}
      </Text>
      {value ? (
        <Image src={value} alt={label} h={48} w={96} fit="contain" />
      ) : (
        <Text size="sm" c="gray.7">
          Belum ada
        </Text>
      )}
      <FileButton onChange={(f) => f && upload.mutate(f)} accept="image/png,image/jpeg,image/webp">
        {(props) => (
          <Button
            {...props}
            size="xs"
            variant="default"
            leftSection={<IconUpload size={14} />}
            loading={upload.isPending}
          >
            Unggah {label.toLowerCase()}
          </Button>
        )}
      </FileButton>
      {value && (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconX size={14} />}
          onClick={() => onChange('')}
        >
          Hapus
        </Button>
      )}
    </Group>
  );
}
