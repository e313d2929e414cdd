import { errorMessage } from '@psb/api-client/http';
import type { InternalRow } from '@psb/contracts/registrants-admin';
import { DataTable, useModuleActions } from '@psb/resource-ui';
import { Link } from '@psb/router';
import { Anchor, Button, Card, Group, modals, notify, PageError, Stack, Text, TextInput } from '@psb/ui';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateRegistrants } from '../common/api/registrants';
import { SubPageHeader } from '../common/SubPageHeader';
import { markInternal, useInternal } from '../internal/api/internal';

/**
 * `/admin/registrant/internal`: the internal students (from the foundation's own schools) of the role's
 * schools; staff with update take the mark off. Marking happens at registration or from here by number.
 */
export function InternalStudentsPage() {
  const actions = useModuleActions('Calon Murid');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const query = useInternal(page, applied);

  const unmark = (row: InternalRow) =>
    modals.openConfirmModal({
      title: 'Hapus tanda murid internal?',
      children: (
        <Text size="sm">
          {row.name ?? row.registration_number} tidak lagi ditandai sebagai murid internal.
        </Text>
      ),
      labels: { confirm: 'Ya, hapus tanda', cancel: 'Batal' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          notify.success((await markInternal([row.id], false)).message);
          await invalidateRegistrants(queryClient);
        } catch (error) {
          notify.error(errorMessage(error));
        }
      },
    });

  if (query.isError && !query.data)
    return (
      <PageError
        title="Data murid internal gagal dimuat"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <Stack gap="md" data-testid="internal-page">
      <SubPageHeader title="Murid Internal">
        Calon murid yang berasal dari sekolah yayasan sendiri.
      </SubPageHeader>
      <Card withBorder padding="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setPage(1);
            setApplied(search.trim());
          }}
        >
          <Group align="flex-end">
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
          </Group>
        </form>
      </Card>
      <DataTable<InternalRow>
        withTableBorder
        minHeight={180}
        fetching={query.isFetching}
        records={query.data?.data ?? []}
        totalRecords={query.data?.total ?? 0}
        recordsPerPage={query.data?.limit ?? 25}
        page={page}
        onPageChange={setPage}
        noRecordsText="Belum ada murid internal."
        columns={[
          {
            accessor: 'registration_number',
            title: 'No. Pendaftaran',
            render: (r) => (
              <Anchor component={Link} to={`/admin/registrant/detail?id=${r.id}`}>
                {r.registration_number}
              </Anchor>
            ),
          },
          { accessor: 'name', title: 'Nama', render: (r) => r.name ?? '-' },
          { accessor: 'school_name', title: 'Sekolah' },
          { accessor: 'school_period_name', title: 'Periode' },
          { accessor: 'mst_class_name', title: 'Kelas' },
          { accessor: 'parent_name', title: 'Orang tua' },
          ...(actions.update
            ? [
                {
                  accessor: 'actions',
                  title: 'Aksi',
                  render: (r: InternalRow) => (
                    <Button size="xs" variant="subtle" color="red" onClick={() => unmark(r)}>
                      Hapus tanda
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Stack>
  );
}
