import 'mantine-datatable/styles.layer.css';
import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue, useLocalStorage } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { DASHBOARD_KEY_ROOT, errorMessage } from '@psb/api-client/http';
import type { ResourceDecl } from '@psb/contracts/resources';
import { Link, useSearchParams } from '@psb/router';
import { NoAccess, notify, PageError } from '@psb/ui';
import { IconArchive, IconArrowBackUp, IconArrowLeft, IconPencil, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { archiveRecord, fetchList, type ListParams, resourceKeys, restoreRecord } from './api';
import { ColumnPicker } from './ColumnPicker';
import { CopyValue } from './CopyValue';
import { filterWidgets, formatValue, listColumns, type ResourceRecord, recordTitle } from './describe';
import { ExportButton } from './ExportButton';
import { FilterBar } from './FilterBar';
import { useModuleActions } from './permissions';
import { ResourceForm } from './ResourceForm';

export const PAGE_SIZE = 25;
const TYPING_DEBOUNCE_MS = 350;

export interface RowActionContext {
  decl: ResourceDecl;
  archived: boolean;
  actions: Record<'read' | 'insert' | 'update' | 'delete', boolean>;
}

export interface ResourceListPageProps {
  decl: ResourceDecl;
  /** The `/nonactive` page: archived records only, with Restore instead of Edit/Archive. */
  archived?: boolean;
  /** Extra per-row buttons next to the engine's (e.g. Atur Ulang Kata Sandi on users). */
  rowActions?: (record: ResourceRecord, ctx: RowActionContext) => ReactNode;
  /**
   * Replaces the engine's one-record "Tambah" button (shown with insert permission), for a resource whose
   * records are made another way (e.g. vouchers, generated in bulk).
   */
  createAction?: ReactNode;
  /** Extra buttons next to the export, given the list's current search, filters and sort (e.g. print slips). */
  toolbarActions?: (params: Omit<ListParams, 'page'>) => ReactNode;
}

type Filters = Record<string, string | undefined>;

function pick(filters: Filters, keys: Set<string>, keep: boolean): Filters {
  return Object.fromEntries(Object.entries(filters).filter(([k]) => keys.has(k) === keep));
}

/**
 * A resource's list page, built from its declaration: server-side pages of 25, sortable columns, declared
 * filters, debounced search, create/edit modal, archive and restore with confirmation, xlsx export. The
 * insert/update/delete buttons follow the role's module permissions; the page itself needs read.
 */
export function ResourceListPage({
  decl,
  archived = false,
  rowActions,
  createAction,
  toolbarActions,
}: ResourceListPageProps) {
  const actions = useModuleActions(decl.module);
  if (!actions.read) return <NoAccess modules={[decl.module]} />;
  return (
    <ResourceList
      decl={decl}
      archived={archived}
      rowActions={rowActions}
      createAction={createAction}
      toolbarActions={toolbarActions}
      actions={actions}
    />
  );
}

function ResourceList({
  decl,
  archived,
  rowActions,
  createAction,
  toolbarActions,
  actions,
}: Required<Omit<ResourceListPageProps, 'rowActions' | 'createAction' | 'toolbarActions'>> &
  Pick<ResourceListPageProps, 'rowActions' | 'createAction' | 'toolbarActions'> & {
    actions: RowActionContext['actions'];
  }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Filters>({});
  const [sort, setSort] = useState<ListParams['sort']>(decl.defaultSort);
  const [editing, setEditing] = useState<ResourceRecord | 'new' | null>(null);

  // Typing (search, text filters) waits for a pause; pickers and sorting apply at once.
  const typedKeys = new Set(
    filterWidgets(decl, archived)
      .filter((w) => w.kind === 'text' || w.kind === 'number')
      .map((w) => w.key),
  );
  const [typed] = useDebouncedValue(
    JSON.stringify([search, pick(filters, typedKeys, true)]),
    TYPING_DEBOUNCE_MS,
  );
  const [typedSearch, typedFilters] = JSON.parse(typed) as [string, Filters];
  const params: ListParams = {
    page,
    search: typedSearch,
    sort,
    filters: { ...pick(filters, typedKeys, false), ...typedFilters },
    archived,
  };
  const list = useQuery({
    queryKey: resourceKeys.list(decl.name, params),
    queryFn: () => fetchList(decl, params),
    placeholderData: keepPreviousData,
  });

  // The sidebar adds ?t=<timestamp> on every click: clicking the open page again reloads its data.
  const [searchParams] = useSearchParams();
  const stamp = searchParams.get('t');
  const lastStamp = useRef(stamp);
  useEffect(() => {
    if (stamp === lastStamp.current) return;
    lastStamp.current = stamp;
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all(decl.name) });
  }, [stamp, decl.name, queryClient]);

  const changeFilter = (key: string, value: string | undefined) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: resourceKeys.root }),
      queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY_ROOT }),
    ]);
  const archive = useMutation({
    mutationFn: (r: ResourceRecord) => archiveRecord(decl, r.id),
    onSuccess: (res) => {
      notify.success(res.message ?? 'Data berhasil diarsipkan.');
      return refresh();
    },
    onError: (e) => notify.error(errorMessage(e)),
  });
  const restore = useMutation({
    mutationFn: (r: ResourceRecord) => restoreRecord(decl, r.id),
    onSuccess: (res) => {
      notify.success(res.message ?? 'Data berhasil dipulihkan.');
      return refresh();
    },
    onError: (e) => notify.error(errorMessage(e)),
  });

  const confirmArchive = (r: ResourceRecord) =>
    modals.openConfirmModal({
      title: 'Arsipkan data ini?',
      children: (
        <Text size="sm">
          <strong>{recordTitle(decl, r)}</strong> akan dipindahkan ke Data Non-Aktif dan tidak lagi dapat
          dipilih. Data dapat dipulihkan kembali.
        </Text>
      ),
      labels: { confirm: 'Arsipkan', cancel: 'Batal' },
      confirmProps: { color: 'orange', leftSection: <IconArchive size={16} stroke={1.6} /> },
      onConfirm: () => archive.mutate(r),
    });
  const confirmRestore = (r: ResourceRecord) =>
    modals.openConfirmModal({
      title: 'Pulihkan data ini?',
      children: (
        <Text size="sm">
          <strong>{recordTitle(decl, r)}</strong> akan aktif kembali.
        </Text>
      ),
      labels: { confirm: 'Pulihkan', cancel: 'Batal' },
      onConfirm: () => restore.mutate(r),
    });

  const ctx: RowActionContext = { decl, archived, actions };
  const rowButtons = (r: ResourceRecord) => {
    const name = recordTitle(decl, r);
    return (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {rowActions?.(r, ctx)}
        {!archived && actions.update && (
          <Tooltip label="Ubah">
            <ActionIcon variant="subtle" aria-label={`Ubah ${name}`} onClick={() => setEditing(r)}>
              <IconPencil size={18} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        )}
        {!archived && actions.delete && (
          <Tooltip label="Arsipkan">
            <ActionIcon
              variant="subtle"
              color="orange"
              aria-label={`Arsipkan ${name}`}
              onClick={() => confirmArchive(r)}
            >
              <IconArchive size={18} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        )}
        {archived && actions.update && (
          <Tooltip label="Pulihkan">
            <ActionIcon variant="subtle" aria-label={`Pulihkan ${name}`} onClick={() => confirmRestore(r)}>
              <IconArrowBackUp size={18} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    );
  };
  const hasRowActions = archived ? actions.update : actions.update || actions.delete || !!rowActions;

  const listed = listColumns(decl, archived);
  // Which columns this browser chose to show, per list (absent = the list's default).
  const [shownChoice, setShownChoice] = useLocalStorage<Record<string, boolean>>({
    key: `psb-columns:${decl.name}${archived ? ':nonactive' : ''}`,
    defaultValue: {},
  });
  const columns: DataTableColumn<ResourceRecord>[] = listed.map((c) => ({
    accessor: c.key,
    title: c.label,
    sortable: c.sortable,
    textAlign: c.align,
    noWrap: c.noWrap,
    hidden: c.toggleable && !(shownChoice[c.key] ?? c.shownByDefault),
    render: (r: ResourceRecord) => {
      const value = r[c.key];
      const text =
        c.emptyLabel && (value === null || value === undefined || value === '')
          ? c.emptyLabel
          : formatValue(value, c.format, c.options);
      return c.copyable && r[c.key] ? <CopyValue value={text} /> : text;
    },
  }));
  if (archived)
    columns.push({
      accessor: 'deleted_at',
      title: 'Status',
      sortable: false,
      noWrap: true,
      render: (r) => <ArchivedBadge at={r.deleted_at} />,
    });
  if (hasRowActions)
    columns.push({ accessor: 'actions', title: '', textAlign: 'right', noWrap: true, render: rowButtons });
  const pickerColumns = listed
    .filter((c) => c.toggleable)
    .map((c) => ({ key: c.key, label: c.label, shown: shownChoice[c.key] ?? c.shownByDefault }));

  const sortStatus: DataTableSortStatus<ResourceRecord> = {
    columnAccessor: sort.column,
    direction: sort.direction,
  };
  const exportParams = { search: params.search, sort, filters: params.filters, archived };
  const filtered = params.search !== '' || Object.values(params.filters).some((v) => v);
  const data = list.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2}>{archived ? `${decl.pageTitle} Non-Aktif` : decl.pageTitle}</Title>
            {archived && (
              <Badge color="gray" variant="light">
                Diarsipkan
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {archived
              ? `${decl.label} yang diarsipkan. Pulihkan untuk mengaktifkannya kembali.`
              : data
                ? `${data.total.toLocaleString('id-ID')} data`
                : '\u00a0'}
          </Text>
        </Stack>
        <Group gap="xs">
          {archived ? (
            <Button
              component={Link}
              to={decl.adminPath}
              variant="default"
              leftSection={<IconArrowLeft size={16} stroke={1.6} />}
            >
              Data Aktif
            </Button>
          ) : (
            <Button
              component={Link}
              to={`${decl.adminPath}/nonactive`}
              variant="default"
              leftSection={<IconArchive size={16} stroke={1.6} />}
            >
              Data Non-Aktif
            </Button>
          )}
          <ColumnPicker
            columns={pickerColumns}
            onChange={(key, shown) => setShownChoice((choice) => ({ ...choice, [key]: shown }))}
            onReset={() => setShownChoice({})}
          />
          <ExportButton decl={decl} params={exportParams} />
          {toolbarActions?.(exportParams)}
          {!archived &&
            actions.insert &&
            (createAction ?? (
              <Button leftSection={<IconPlus size={16} stroke={2} />} onClick={() => setEditing('new')}>
                Tambah {decl.label}
              </Button>
            ))}
        </Group>
      </Group>

      <Card withBorder padding="md" radius="md">
        <Stack gap="md">
          <FilterBar
            decl={decl}
            archived={archived}
            search={search}
            onSearch={(v) => {
              setSearch(v);
              setPage(1);
            }}
            filters={filters}
            onFilter={changeFilter}
            onReset={() => {
              setSearch('');
              setFilters({});
              setPage(1);
            }}
          />
          {list.isError && data && (
            <Alert color="red" variant="light">
              {errorMessage(list.error)}
            </Alert>
          )}
          {list.isError && !data ? (
            <PageError
              title="Data gagal dimuat"
              message={errorMessage(list.error)}
              onRetry={() => void list.refetch()}
            />
          ) : (
            <div data-testid="resource-table">
              <DataTable<ResourceRecord>
                aria-label={decl.pageTitle}
                idAccessor="id"
                records={data?.data ?? []}
                columns={columns}
                pinLastColumn={hasRowActions}
                totalRecords={data?.total ?? 0}
                recordsPerPage={PAGE_SIZE}
                page={page}
                onPageChange={setPage}
                sortStatus={sortStatus}
                onSortStatusChange={(s) => {
                  setSort({ column: String(s.columnAccessor), direction: s.direction });
                  setPage(1);
                }}
                fetching={list.isFetching}
                loadingText="Memuat…"
                noRecordsText={filtered ? 'Tidak ada data yang cocok.' : 'Belum ada data.'}
                minHeight={data && data.data.length > 0 ? undefined : 240}
                paginationText={({ from, to, totalRecords }) =>
                  `${from}–${to} dari ${totalRecords.toLocaleString('id-ID')} data`
                }
                getPaginationControlProps={(control) => ({
                  'aria-label': {
                    first: 'Halaman pertama',
                    last: 'Halaman terakhir',
                    previous: 'Halaman sebelumnya',
                    next: 'Halaman berikutnya',
                  }[control],
                })}
                striped
                highlightOnHover
                verticalSpacing="sm"
                horizontalSpacing="md"
                fz="sm"
              />
            </div>
          )}
        </Stack>
      </Card>

      {!archived && (
        <ResourceForm
          opened={editing !== null}
          decl={decl}
          record={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

/** What an archived record is, and since when: the state the `/nonactive` list is about. */
function ArchivedBadge({ at }: { at: string | null | undefined }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color="gray" variant="light" leftSection={<IconArchive size={12} stroke={1.8} />}>
        Diarsipkan
      </Badge>
      <Text size="xs" c="dimmed">
        {formatValue(at, 'date')}
      </Text>
    </Group>
  );
}

/** The `/nonactive` page of a resource. */
export function ArchivedListPage(props: Omit<ResourceListPageProps, 'archived'>) {
  return <ResourceListPage {...props} archived />;
}
