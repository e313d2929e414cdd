import { errorMessage } from '@psb/api-client/http';
import {
  OFFER_STATE_COLORS,
  OFFER_STATE_LABELS,
  OFFER_VIEW_STATES,
  type OfferViewState,
  offerDeadlineText,
} from '@psb/contracts/offer-states';
import type { Offer } from '@psb/contracts/offers';
import { DataTable, RelationPicker, saveBlob, useModuleActions } from '@psb/resource-ui';
import { Link } from '@psb/router';
import {
  Anchor,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  notify,
  PageError,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  useDisclosure,
} from '@psb/ui';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { fetchStaffAgreement, useOffers } from '../offers/api/offers';
import { ConfirmOffersModal, type OfferBulkAction } from '../offers/ConfirmOffersModal';
import { DeclineChart } from '../offers/DeclineChart';
import { ExtendModal } from '../offers/ExtendModal';
import { SettingsCard } from '../offers/SettingsCard';
import { TemplatesCard } from '../offers/TemplatesCard';

/**
 * `/admin/registrant/offers`: a period's offers of a seat — how many wait, were accepted, declined, expired or
 * re-registered; the list filtered by state or name; deadlines extended for one or many; the signed agreements;
 * and the period's rules (days to answer, how a freed seat is filled).
 */
export function OffersPage() {
  const actions = useModuleActions('Kelulusan');
  const [periodId, setPeriodId] = useState<string | null>(null);
  const [state, setState] = useState<OfferViewState | ''>('');
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [selected, setSelected] = useState<Offer[]>([]);
  const [extendOpened, extend] = useDisclosure(false);
  const [bulk, setBulk] = useState<{ action: OfferBulkAction; ids: number[] } | null>(null);
  const period = periodId ? Number(periodId) : null;
  const query = useOffers(period, state, applied);

  const download = async (o: Offer) => {
    try {
      saveBlob(
        await fetchStaffAgreement(o.registrant_id),
        `Perjanjian Daftar Ulang ${o.registration_number ?? o.registrant_id}.pdf`,
      );
    } catch (err) {
      notify.error(errorMessage(err));
    }
  };

  const open = selected.filter((o) => o.state === 'open');
  const expired = selected.filter((o) => o.state === 'expired');
  return (
    <Stack gap="md" data-testid="offers-page">
      <Title order={2}>Penawaran Kursi</Title>
      <Paper withBorder p="md">
        <RelationPicker
          resource="school_period"
          label="Periode Pendaftaran"
          placeholder="Cari periode…"
          value={periodId}
          onChange={(v) => {
            setPeriodId(v);
            setSelected([]);
          }}
          w={420}
        />
      </Paper>
      {!period && (
        <EmptyState title="Pilih periode" description="Penawaran kursi tampil per periode pendaftaran." />
      )}
      {period && query.isError && !query.data && (
        <PageError
          title="Penawaran kursi gagal dimuat"
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      )}
      {period && query.data && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 5 }}>
            {OFFER_VIEW_STATES.map((s) => (
              <Card key={s} withBorder padding="sm" data-testid={`offer-count-${s}`}>
                <Text size="xs" c="gray.7">
                  {OFFER_STATE_LABELS[s]}
                </Text>
                <Text fw={700} size="xl">
                  {query.data.counts[s]}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <DeclineChart reasons={query.data.decline_reasons} />
          <SettingsCard periodId={period} settings={query.data.settings} canUpdate={actions.update} />
          <Card withBorder padding="md">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                setApplied(search.trim());
              }}
            >
              <Group align="flex-end">
                <Select
                  label="Status"
                  placeholder="Semua status"
                  clearable
                  data={OFFER_VIEW_STATES.map((s) => ({ value: s, label: OFFER_STATE_LABELS[s] }))}
                  value={state || null}
                  onChange={(v) => setState((v as OfferViewState | null) ?? '')}
                />
                <TextInput
                  label="Cari"
                  placeholder="Nama atau no. pendaftaran"
                  leftSection={<IconSearch size={16} aria-hidden />}
                  value={search}
                  onChange={(e) => setSearch(e.currentTarget.value)}
                />
                <Button type="submit" variant="default">
                  Cari
                </Button>
                {actions.update && (
                  <>
                    <Button disabled={open.length === 0} onClick={extend.open}>
                      Perpanjang batas ({open.length})
                    </Button>
                    <Button
                      variant="light"
                      disabled={open.length === 0}
                      onClick={() => setBulk({ action: 'remind', ids: open.map((o) => o.id) })}
                    >
                      Ingatkan ({open.length})
                    </Button>
                    <Button
                      variant="light"
                      disabled={expired.length === 0}
                      onClick={() => setBulk({ action: 'reissue', ids: expired.map((o) => o.id) })}
                    >
                      Terbitkan ulang ({expired.length})
                    </Button>
                  </>
                )}
              </Group>
            </form>
          </Card>
          <DataTable<Offer>
            withTableBorder
            minHeight={180}
            fetching={query.isFetching}
            records={query.data.data}
            idAccessor="id"
            selectedRecords={actions.update ? selected : undefined}
            onSelectedRecordsChange={actions.update ? setSelected : undefined}
            getRecordSelectionCheckboxProps={(o) => ({
              'aria-label': `Pilih penawaran ${o.registration_number ?? o.registrant_id}`,
            })}
            allRecordsSelectionCheckboxProps={{ 'aria-label': 'Pilih semua penawaran' }}
            noRecordsText="Belum ada penawaran kursi."
            columns={[
              {
                accessor: 'registration_number',
                title: 'No. Pendaftaran',
                render: (o) => (
                  <Anchor component={Link} to={`/admin/registrant/detail?id=${o.registrant_id}`}>
                    {o.registration_number}
                  </Anchor>
                ),
              },
              { accessor: 'name', title: 'Nama', render: (o) => o.name ?? '-' },
              {
                accessor: 'view_state',
                title: 'Status',
                render: (o) => (
                  <Badge color={OFFER_STATE_COLORS[o.view_state]} data-testid="offer-row-state">
                    {OFFER_STATE_LABELS[o.view_state]}
                  </Badge>
                ),
              },
              {
                accessor: 'deadline_at',
                title: 'Batas',
                render: (o) =>
                  o.state === 'open'
                    ? offerDeadlineText(o.deadline_at).replace('Batas daftar ulang: ', '')
                    : '-',
              },
              {
                accessor: 'reason',
                title: 'Keterangan',
                render: (o) => o.decline_reason ?? o.reason ?? '-',
              },
              ...(actions.update
                ? [
                    {
                      accessor: 'actions',
                      title: 'Aksi',
                      render: (o: Offer) =>
                        o.state === 'expired' ? (
                          <Button
                            size="xs"
                            variant="subtle"
                            onClick={() => setBulk({ action: 'reissue', ids: [o.id] })}
                          >
                            Terbitkan ulang
                          </Button>
                        ) : (
                          '-'
                        ),
                    },
                  ]
                : []),
              {
                accessor: 'signed_by',
                title: 'Perjanjian',
                render: (o) =>
                  o.signed_at ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      onClick={() => void download(o)}
                    >
                      Unduh
                    </Button>
                  ) : (
                    '-'
                  ),
              },
            ]}
          />
          <ExtendModal offerIds={open.map((o) => o.id)} opened={extendOpened} onClose={extend.close} />
          <ConfirmOffersModal
            action={bulk?.action ?? null}
            offerIds={bulk?.ids ?? []}
            onClose={() => {
              setBulk(null);
              setSelected([]);
            }}
          />
        </>
      )}
      <TemplatesCard canUpdate={actions.update} />
    </Stack>
  );
}
