import { errorMessage } from '@psb/api-client/http';
import { Button, FileButton, Group, Image, notify, Stack, Text } from '@psb/ui';
import { IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { configQuery, invalidatePublicPage, uploadWelcomeImage } from './api/config';

/** The home page picture: shown, and replaced by an upload (stored at once; the server re-encodes it). */
export function WelcomeImageField({ image }: { image: string }) {
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: uploadWelcomeImage,
    onSuccess: (res) => {
      notify.success(res.message);
      void queryClient.invalidateQueries({ queryKey: configQuery('welcome').queryKey });
      void invalidatePublicPage(queryClient);
    },
    onError: (e) => notify.error(errorMessage(e)),
  });
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Gambar sambutan
      </Text>
      <Group align="flex-end">
        <Image
          src={image || '/welcome.svg'}
          alt="Gambar sambutan saat ini"
          w={220}
          h={140}
          fit="contain"
          radius="sm"
        />
        <FileButton onChange={(f) => f && upload.mutate(f)} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconUpload size={16} stroke={1.6} />}
              loading={upload.isPending}
            >
              Unggah gambar
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="gray.7">
        JPG, PNG atau WEBP, maksimal 5 MB.
      </Text>
    </Stack>
  );
}
