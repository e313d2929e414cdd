import { useSession } from '@psb/api-client/session';
import { answerSummary, buildSurvey } from '@psb/contracts/survey';
import { Link, Navigate } from '@psb/router';
import {
  Accordion,
  Button,
  Card,
  formatDateTime,
  Group,
  LabeledValue,
  PageLoader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@psb/ui';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { AppointmentsPanel } from '../appointments/AppointmentsPanel';
import { registrantQuery } from '../common/api/registrant';
import { LoadError } from '../common/LoadError';
import { Notice } from '../common/Notice';
import { registrantStatusColor, StatusBadge } from '../common/StatusBadge';
import { documentStatesQuery } from '../documents/api';
import { DocumentsPanel } from '../documents/DocumentsPanel';
import { GraduationPanel } from '../graduation/GraduationPanel';
import { OfferPanel } from '../offers/OfferPanel';
import { OrdersPanel } from '../orders/OrdersPanel';
import { BillsPanel } from '../payments/BillsPanel';
import { MissingList } from '../survey/MissingList';
import { TestCardPanel } from '../testcard/TestCardPanel';
import { TestSchedule } from '../tests/TestSchedule';

/** /registrant: the chosen registrant — status, data summary, documents, what is still missing. */
export default function RegistrantPage() {
  const registrantId = useSession((s) => s.registrant_id);
  const {
    data: r,
    isPending,
    isError,
    error,
    refetch,
  } = useQuery({
    ...registrantQuery(registrantId ?? 0),
    enabled: !!registrantId,
  });
  // A rejected document is what the parent came for: its row moves to the top, one tap from the camera.
  const states = useQuery({ ...documentStatesQuery(registrantId ?? 0), enabled: !!registrantId });
  const documentsFirst = (states.data?.documents ?? []).some((d) => d.state === 'rejected');
  if (!registrantId) return <Navigate to="/home" replace />;
  if (isPending) return <PageLoader />;
  if (isError || !r)
    return <LoadError title="Data calon murid gagal dimuat" error={error} onRetry={() => void refetch()} />;

  const answers = r.question_answer;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" gap="xs">
            <div>
              <Title order={2}>{r.name ?? 'Calon murid baru'}</Title>
              <Text c="gray.7" ff="monospace">
                {r.registration_number}
              </Text>
            </div>
            <StatusBadge color={registrantStatusColor(r)} size="lg" data-testid="registrant-status">
              {r.status_label}
            </StatusBadge>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mt="xs">
            <LabeledValue label="Sekolah" value={r.school_name} />
            <LabeledValue label="Kelas" value={r.mst_class_name} />
            <LabeledValue label="Periode" value={r.school_period_name} />
            <LabeledValue label="Tahun ajaran" value={r.school_year_name} />
            {r.submitted_at && <LabeledValue label="Dikirim" value={formatDateTime(r.submitted_at)} />}
          </SimpleGrid>
          <Group gap="xs" mt="xs">
            <Button
              component={Link}
              to="/registrant/survey"
              leftSection={<IconChecklist size={16} aria-hidden />}
            >
              {r.locked ? 'Lihat Formulir' : 'Isi / Ubah Formulir'}
            </Button>
            <Button component={Link} to="/home" variant="default">
              Kembali ke Beranda
            </Button>
          </Group>
        </Stack>
      </Card>

      {documentsFirst && <DocumentsPanel registrantId={r.id} readOnly={r.locked} />}

      {r.status_note && !r.locked && (
        <Notice color="orange" title="Formulir dibuka kembali oleh sekolah" data-testid="reopen-note">
          {r.status_note}. Perbaiki data yang diminta, lalu tekan Submit lagi di halaman Beranda.
        </Notice>
      )}

      {!r.is_submit && r.missing.length > 0 && (
        <Notice color="yellow" title={`Masih ada ${r.missing_count} isian wajib yang belum diisi`}>
          <MissingList missing={r.missing} />
        </Notice>
      )}

      <AppointmentsPanel registrantId={r.id} />
      {r.is_submit && <TestSchedule registrantId={r.id} />}
      {r.is_submit && <TestCardPanel registrantId={r.id} number={r.registration_number} />}
      <GraduationPanel registrantId={r.id} registrationNumber={r.registration_number} />
      <OfferPanel registrantId={r.id} registrationNumber={r.registration_number} />
      <BillsPanel registrantId={r.id} />
      <OrdersPanel registrantId={r.id} />

      {!documentsFirst && <DocumentsPanel registrantId={r.id} readOnly={r.locked} />}

      <Stack gap="xs">
        <Title order={3} size="h4">
          Ringkasan Data
        </Title>
        <Accordion variant="separated" radius="md" multiple defaultValue={['calon']}>
          {answerSummary(answers, buildSurvey(r.custom_questions)).map(({ items, ...tab }) => {
            return (
              <Accordion.Item key={tab.key} value={tab.key}>
                <Accordion.Control>
                  <Text fw={600}>
                    {tab.title}{' '}
                    <Text span size="sm" c="gray.7" fw={400}>
                      ({items.length} terisi)
                    </Text>
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  {items.length === 0 ? (
                    <Text size="sm">Belum ada data.</Text>
                  ) : (
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                      {items.map(({ q, text }) => (
                        <LabeledValue key={q.no} label={q.label} value={text} />
                      ))}
                    </SimpleGrid>
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      </Stack>
    </Stack>
  );
}
