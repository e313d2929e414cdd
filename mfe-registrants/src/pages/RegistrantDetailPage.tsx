import { errorMessage, isRetryable } from '@psb/api-client/http';
import { answerSummary, buildSurvey } from '@psb/contracts/registrants-admin';
import { Link, useSearchParams } from '@psb/router';
import {
  Alert,
  Anchor,
  Card,
  Group,
  LabeledValue,
  PageError,
  PageLoader,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@psb/ui';
import { AddParentAccount } from '../assisted/AddParentAccount';
import { StatusBadge } from '../common/StatusBadge';
import { useInformation, useRegistrant } from '../detail/api/registrant';
import { DocumentsList } from '../detail/DocumentsList';
import { HiddenSensitiveNotice } from '../detail/HiddenSensitiveNotice';
import { HistoryList } from '../detail/HistoryList';
import { RegistrantActions } from '../detail/RegistrantActions';
import { SiblingsPanel } from '../family/SiblingsPanel';
import { AnswerEditor } from '../staff-tools/AnswerEditor';
import { DuplicatesPanel } from '../staff-tools/DuplicatesPanel';

/** `/admin/registrant/detail?id=…`: the registrant as the parent filled it, its documents, history and actions. */
export function RegistrantDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const info = useInformation(id, valid);
  const archived = Boolean(info.data?.deleted_at);
  // Archived registrants are not served by the record route; their header comes from the information alone.
  const one = useRegistrant(id, valid && info.isSuccess && !archived);
  if (!valid)
    return <PageError title="Calon murid tidak ditemukan" message="Alamat halaman tidak lengkap." />;
  const failure = info.error ?? one.error;
  // Only what is true: the server's reason (not found, no access) or the lost connection, retried only then.
  if (failure)
    return (
      <PageError
        title="Data calon murid gagal dimuat"
        message={errorMessage(failure)}
        onRetry={isRetryable(failure) ? () => void Promise.all([info.refetch(), one.refetch()]) : undefined}
      />
    );
  if (!info.data || (!archived && !one.data)) return <PageLoader />;
  const i = info.data;
  const r = one.data;
  return (
    <Stack gap="md" data-testid="registrant-detail">
      <Anchor component={Link} to={archived ? '/admin/registrant/nonactive' : '/admin/registrant'} size="sm">
        ← Kembali ke daftar
      </Anchor>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={1} size="h2">
                {i.name ?? 'Calon murid'}
              </Title>
              <Text ff="monospace" c="gray.7" data-testid="detail-registration-number">
                {i.registration_number}
              </Text>
            </div>
            <StatusBadge status={i.status} size="lg" />
          </Group>
          {archived && (
            <Alert color="gray" title="Data non-aktif">
              {i.withdraw_reason
                ? `Dibatalkan orang tua: ${i.withdraw_reason}`
                : 'Calon murid ini diarsipkan.'}
            </Alert>
          )}
          {i.status_note && (
            <Alert color="orange" title="Formulir dibuka kembali" data-testid="detail-status-note">
              {i.status_note}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            {r && <LabeledValue label="Sekolah" value={r.school_name} />}
            {r && <LabeledValue label="Kelas" value={r.mst_class_name} />}
            {r && <LabeledValue label="Periode" value={`${r.school_period_name} (${r.school_year_name})`} />}
            <LabeledValue label="Orang tua" value={i.parent.name} />
            <LabeledValue
              label="Kontak"
              value={[i.parent.email, i.parent.phone_number].filter(Boolean).join(' · ') || '-'}
            />
            {i.token && <LabeledValue label="Voucher" value={i.token} />}
          </SimpleGrid>
          <RegistrantActions r={i} archived={archived} schoolId={r?.school_id} />
          {!archived && <AddParentAccount r={i} />}
        </Stack>
      </Card>
      <DuplicatesPanel id={id} />
      {!archived && <SiblingsPanel id={id} />}
      <Tabs defaultValue={r ? 'answers' : 'history'} keepMounted={false}>
        <Tabs.List>
          {r && <Tabs.Tab value="answers">Data Formulir</Tabs.Tab>}
          {r && <Tabs.Tab value="documents">Dokumen</Tabs.Tab>}
          <Tabs.Tab value="history">Riwayat</Tabs.Tab>
        </Tabs.List>
        {r && (
          <Tabs.Panel value="answers" pt="md">
            <Stack gap="md">
              {!archived && <AnswerEditor r={r} />}
              {r.missing_count > 0 && (
                // orange.9 on white is below the 4.5:1 contrast small text needs.
                <Text size="sm" c="red.9">
                  {r.missing_count} isian wajib belum diisi.
                </Text>
              )}
              <HiddenSensitiveNotice hidden={r.hidden_answers} />
              {answerSummary(r.question_answer, buildSurvey(r.custom_questions)).map((tab) => (
                <Card key={tab.key} withBorder padding="md">
                  <Title order={2} size="h4" mb="xs">
                    {tab.title}
                  </Title>
                  {tab.items.length === 0 ? (
                    <Text size="sm">Belum ada data.</Text>
                  ) : (
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                      {tab.items.map(({ q, text }) => (
                        <LabeledValue key={q.no} label={q.label} value={text} />
                      ))}
                    </SimpleGrid>
                  )}
                </Card>
              ))}
            </Stack>
          </Tabs.Panel>
        )}
        {r && (
          <Tabs.Panel value="documents" pt="md">
            <Stack gap="sm">
              <Anchor component={Link} to={`/admin/registrant/documents?id=${id}`} size="sm">
                Verifikasi dokumen satu per satu
              </Anchor>
              <DocumentsList r={r} />
            </Stack>
          </Tabs.Panel>
        )}
        <Tabs.Panel value="history" pt="md">
          <HistoryList history={i.history} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
