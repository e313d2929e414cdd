import { useSession } from '@psb/api-client/session';
import { buildSurvey } from '@psb/contracts/survey';
import { Navigate } from '@psb/router';
import { Group, PageLoader, Stack, Text, Title } from '@psb/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  confirmFamilyAnswers,
  registrantKeys,
  registrantQuery,
  saveRegistrantAnswers,
} from '../common/api/registrant';
import { LoadError } from '../common/LoadError';
import { DocumentsPanel } from '../documents/DocumentsPanel';
import { AddressCopy } from '../survey/AddressCopy';
import { draftKey, readDraft } from '../survey/autosave';
import { layoutOf, mergeDraft } from '../survey/engine';
import { NpsnLookup } from '../survey/NpsnLookup';
import { type PageExtraProps, SurveyForm } from '../survey/SurveyForm';

function PhotoAndDocuments({ registrantId, readOnly }: PageExtraProps) {
  return <DocumentsPanel registrantId={registrantId} readOnly={readOnly} />;
}

const EXTRAS = { pribadi: PhotoAndDocuments };
const EXTRAS_BEFORE = { pendidikan: NpsnLookup, ayah: AddressCopy, ibu: AddressCopy };

/** /registrant/survey: the chosen registrant's form (answers from the server, unsent ones from the device). */
export default function SurveyPage() {
  const registrantId = useSession((s) => s.registrant_id);
  const queryClient = useQueryClient();
  const { data, error, isPending, refetch, isFetchedAfterMount, fetchStatus } = useQuery({
    ...registrantQuery(registrantId ?? 0),
    enabled: !!registrantId,
    refetchOnWindowFocus: false,
  });
  const draft = useMemo(() => (registrantId ? readDraft(registrantId) : null), [registrantId, data?.id]);
  const customQuestions = data?.custom_questions;
  const layout = useMemo(() => layoutOf(buildSurvey(customQuestions)), [customQuestions]);

  if (!registrantId) return <Navigate to="/home" replace />;
  // Fresh data first (the lock may have changed since it was cached), unless the connection is down.
  if ((isPending || !isFetchedAfterMount) && !error && fetchStatus !== 'paused') return <PageLoader />;
  // Offline with a draft on the device: keep filling in; it is sent when the connection returns.
  if (!data && !draft)
    return <LoadError title="Formulir gagal dimuat" error={error} onRetry={() => void refetch()} />;

  const locked = data?.locked ?? false;
  const key = draftKey(registrantId);
  if (locked && key) localStorage.removeItem(key);
  const answers = locked
    ? (data?.question_answer ?? {})
    : mergeDraft(data?.question_answer ?? draft?.answers ?? {}, draft?.answers, draft?.pending ?? [], layout);

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Formulir Calon Murid</Title>
        {data && (
          <Group gap="xs" mt={4}>
            <Text fw={600}>{data.name ?? 'Calon murid baru'}</Text>
            <Text size="sm" ff="monospace" c="gray.8">
              {data.registration_number}
            </Text>
            <Text size="sm" c="gray.7">
              {data.school_name} · {data.mst_class_name}
            </Text>
          </Group>
        )}
      </div>
      <SurveyForm
        key={`${registrantId}:${locked}`}
        registrantId={registrantId}
        initialAnswers={answers}
        initialPending={locked ? [] : (draft?.pending ?? [])}
        initialPage={draft?.page ?? 0}
        readOnly={locked}
        send={(pageData) => saveRegistrantAnswers({ registrant_id: registrantId, data: pageData })}
        extras={EXTRAS}
        extrasBefore={EXTRAS_BEFORE}
        layout={layout}
        family={data?.family}
        confirmFamily={
          data?.family
            ? async (nos) => {
                const family = await confirmFamilyAnswers(registrantId, nos);
                void queryClient.invalidateQueries({ queryKey: registrantKeys.all });
                return family;
              }
            : undefined
        }
        onCompleted={() => {
          void queryClient.invalidateQueries({ queryKey: registrantKeys.all });
        }}
      />
    </Stack>
  );
}
