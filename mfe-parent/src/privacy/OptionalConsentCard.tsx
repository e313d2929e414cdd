import { errorMessage } from '@psb/api-client/http';
import { OPTIONAL_PURPOSE_LABELS, OPTIONAL_PURPOSES, type OptionalPurpose } from '@psb/contracts/privacy';
import { Card, notify, Skeleton, Stack, Switch, Text, Title } from '@psb/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consentKey, consentQuery, setOptional } from './api';

/** The optional uses of the parent's data: off until switched on, withdrawn at once when switched off. */
export function OptionalConsentCard() {
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery(consentQuery());
  const save = useMutation({
    mutationFn: (body: Partial<Record<OptionalPurpose, boolean>>) => setOptional(body),
    onSuccess: (next) => {
      queryClient.setQueryData(consentKey, next);
      notify.success('Pilihan persetujuan disimpan.');
    },
    onError: (err) => notify.error(errorMessage(err)),
  });
  return (
    <Card withBorder padding="lg" data-testid="optional-consents">
      <Title order={4} mb="xs">
        Persetujuan Tambahan
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        Pilihan ini tidak wajib dan dapat Anda cabut kapan saja. Pesan promosi berhenti dikirim saat Anda
        mencabutnya.
      </Text>
      {isPending || !data ? (
        <Skeleton h={60} />
      ) : (
        <Stack gap="sm">
          {OPTIONAL_PURPOSES.map((purpose) => (
            <Switch
              key={purpose}
              label={OPTIONAL_PURPOSE_LABELS[purpose]}
              checked={data.optional[purpose]}
              disabled={save.isPending}
              onChange={(e) => save.mutate({ [purpose]: e.currentTarget.checked })}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}
