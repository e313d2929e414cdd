import { errorMessage } from '@psb/api-client/http';
import { Button, Markdown, Modal, notify, ScrollArea, Stack, Text } from '@psb/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptConsent, consentKey, consentQuery } from './api';

/**
 * Blocks the parent area while the foundation's current consent text has not been agreed to by this account
 * (a new version is asked at the next visit). There is no way to close it but agreeing.
 */
export function ConsentGate() {
  const queryClient = useQueryClient();
  const { data } = useQuery(consentQuery());
  const accept = useMutation({
    mutationFn: (version: number) => acceptConsent(version),
    onSuccess: (res) => {
      notify.success(res.message);
      return queryClient.invalidateQueries({ queryKey: consentKey });
    },
    onError: (err) => notify.error(errorMessage(err)),
  });
  const current = data?.current;
  if (!data?.needs_acceptance || !current) return null;
  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Persetujuan pemrosesan data pribadi"
      size="lg"
      data-testid="consent-gate"
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {data.accepted_version
            ? `Yayasan memperbarui teks persetujuan (versi ${current.version}). Baca dan setujui untuk melanjutkan.`
            : `Baca dan setujui teks berikut (versi ${current.version}) untuk melanjutkan.`}
        </Text>
        <ScrollArea.Autosize mah={360}>
          <Markdown>{current.body}</Markdown>
        </ScrollArea.Autosize>
        <Button loading={accept.isPending} onClick={() => accept.mutate(current.version)}>
          Saya Setuju
        </Button>
      </Stack>
    </Modal>
  );
}
