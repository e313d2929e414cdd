import { errorMessage } from '@psb/api-client/http';
import { PAYMENT_CHANNEL_OPTIONS, type SchoolPaymentOverview } from '@psb/contracts/payment-setup';
import { schoolPaymentResource } from '@psb/contracts/resources';
import {
  DataTable,
  type DataTableSortStatus,
  pagedTableProps,
  RelationPicker,
  ResourceForm,
  type ResourceRecord,
  resourceKeys,
  useModuleActions,
} from '@psb/resource-ui';
import { Link } from '@psb/router';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  EmptyState,
  formatDate,
  formatRupiah,
  Group,
  modals,
  NoAccess,
  notify,
  PageError,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  WHOLE_BADGE,
} from '@psb/ui';
import { IconArchive, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  archiveSchoolPayment,
  fetchSchoolPayment,
  type OverviewParams,
  PAGE_SIZE,
  useOverview,
} from '../school-payments/api/overview';

const MODULE = schoolPaymentResource.module;
/** The channels of a payment setting as small badges that wrap whole, named like the parent sees them. */
function ChannelList({ channels }: { channels: readonly string[] }) {
  if (channels.length === 0) return <Text size="sm">-</Text>;
  return (
    <Group gap={4} miw={200} maw={260}>
      {channels.map((c) => (
        <Badge key={c} size="sm" variant="light" color="gray" tt="none" {...WHOLE_BADGE}>
          {PAYMENT_CHANNEL_OPTIONS.find((o) => o.value === c)?.label.replace(' Virtual Account', ' VA') ?? c}
        </Badge>
      ))}
    </Group>
  );
}

/** "Semua kelas: Rp. 200.000" lines of one school payment. */
function Totals({ row }: { row: SchoolPaymentOverview }) {
  if (row.totals.length === 0)
    return (
      <Text size="sm" c="gray.7">
        Belum ada rincian
      </Text>
    );
  return (
    <Stack gap={0}>
      {row.totals.map((t) => (
        <Text key={t.mst_class_id ?? 'all'} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {t.mst_class_name ?? 'Semua kelas'}: {formatRupiah(t.total)}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * `/admin/school_payment`: the payment types offered per registration period, with their billing rules, the
 * number of fee lines behind each and what a registrant of each class is billed. Add, edit and archive use the
 * engine's form and routes; archived ones are on the generic `/nonactive` page.
 */
export default function SchoolPaymentOverviewPage() {
  const actions = useModuleActions(MODULE);
  const queryClient = useQueryClient();
  const [params, setParams] = useState<OverviewParams>({ page: 1 });
  const [editing, setEditing] = useState<ResourceRecord | null | undefined>(undefined);
  const set = (patch: Partial<OverviewParams>) => setParams((p) => ({ ...p, page: 1, ...patch }));
  const query = useOverview(params, actions.read);

  const edit = async (row: SchoolPaymentOverview) => {
    try {
      setEditing(await fetchSchoolPayment(row.id));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  const archive = (row: SchoolPaymentOverview) =>
    modals.openConfirmModal({
      title: 'Arsipkan data ini?',
      children: (
        <Text size="sm">
          {row.mst_type_payment_name} pada {row.school_period_name} ({row.school_name}) tidak lagi ditagihkan.
          Data dapat dipulihkan dari Data Non-Aktif.
        </Text>
      ),
      labels: { confirm: 'Arsipkan', cancel: 'Batal' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const res = await archiveSchoolPayment(row.id);
          notify.success(res.message ?? 'Data berhasil diarsipkan.');
          await queryClient.invalidateQueries({ queryKey: resourceKeys.root });
        } catch (error) {
          notify.error(errorMessage(error));
        }
      },
    });

  if (!actions.read) return <NoAccess modules={[MODULE]} />;
  if (query.isError && !query.data)
    return (
      <PageError
        title="Pembayaran per periode gagal dimuat"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  const data = query.data;
  const sort: DataTableSortStatus<SchoolPaymentOverview> = {
    columnAccessor: params.sort_column ?? 'school_name',
    direction: params.sort_value ?? 'asc',
  };
  return (
    <Stack gap="md" data-testid="school-payment-overview">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {schoolPaymentResource.pageTitle}
          </Title>
          <Text size="sm" c="gray.7">
            Tipe pembayaran yang ditagihkan per periode beserta aturannya.{' '}
            <Anchor component={Link} to="/admin/setup_payment" size="sm" underline="always">
              Atur rincian biaya
            </Anchor>
            {' · '}
            <Anchor component={Link} to="/admin/school_payment/nonactive" size="sm" underline="always">
              Lihat data non-aktif
            </Anchor>
          </Text>
        </div>
        {actions.insert && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
            Tambah {schoolPaymentResource.label}
          </Button>
        )}
      </Group>
      <Card withBorder padding="md">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Cari"
            placeholder="Tipe, periode atau sekolah"
            defaultValue={params.search ?? ''}
            onChange={(e) => set({ search: e.currentTarget.value })}
            w={240}
          />
          <RelationPicker
            resource="school"
            label="Sekolah"
            value={params.school_id ? String(params.school_id) : null}
            onChange={(v) => set({ school_id: v ? Number(v) : undefined })}
            clearable
            w={220}
          />
          <RelationPicker
            resource="school_period"
            label="Periode Pendaftaran"
            value={params.school_period_id ? String(params.school_period_id) : null}
            onChange={(v) => set({ school_period_id: v ? Number(v) : undefined })}
            clearable
            w={260}
          />
        </Group>
      </Card>
      <DataTable<SchoolPaymentOverview>
        {...pagedTableProps({
          records: data?.data,
          total: data?.total,
          page: params.page,
          pageSize: PAGE_SIZE,
          onPageChange: (page) => setParams((p) => ({ ...p, page })),
          fetching: query.isFetching,
        })}
        idAccessor="id"
        sortStatus={sort}
        onSortStatusChange={(s) =>
          set({
            sort_column: s.columnAccessor as OverviewParams['sort_column'],
            sort_value: s.direction,
          })
        }
        emptyState={
          <EmptyState
            title="Belum ada pembayaran per periode"
            description="Tambahkan tipe pembayaran untuk periode pendaftaran, lalu atur rincian biayanya."
          />
        }
        columns={[
          { accessor: 'school_name', title: 'Sekolah', sortable: true },
          { accessor: 'school_period_name', title: 'Periode Pendaftaran', sortable: true },
          { accessor: 'mst_type_payment_name', title: 'Tipe Pembayaran', sortable: true },
          {
            accessor: 'channels',
            title: 'Kanal',
            // One short name per line, never a name broken in two.
            render: (r) => <ChannelList channels={r.channels} />,
          },
          {
            accessor: 'due_date',
            title: 'Batas Pelunasan',
            sortable: true,
            noWrap: true,
            render: (r) => (r.due_date ? formatDate(r.due_date) : '-'),
          },
          {
            accessor: 'max_installments',
            title: 'Cicilan',
            textAlign: 'right',
            render: (r) => (r.max_installments > 1 ? `maks. ${r.max_installments}x` : 'Lunas'),
          },
          { accessor: 'setup_count', title: 'Rincian', sortable: true, textAlign: 'right' },
          { accessor: 'totals', title: 'Total per Kelas', render: (r) => <Totals row={r} /> },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (r) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {actions.update && (
                  <Tooltip label="Ubah">
                    <ActionIcon variant="subtle" aria-label="Ubah" onClick={() => void edit(r)}>
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
                {actions.delete && (
                  <Tooltip label="Arsipkan">
                    <ActionIcon variant="subtle" color="red" aria-label="Arsipkan" onClick={() => archive(r)}>
                      <IconArchive size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            ),
          },
        ]}
      />
      <ResourceForm
        opened={editing !== undefined}
        decl={schoolPaymentResource}
        record={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
    </Stack>
  );
}
