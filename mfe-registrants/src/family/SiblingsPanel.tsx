import { endpoint } from '@psb/api-client/http';
import { siblingsResponseSchema } from '@psb/contracts/registrants-admin';
import { Link } from '@psb/router';
import { Alert, Anchor, Badge, Card, Group, ScrollArea, Skeleton, Stack, Table, Text, Title } from '@psb/ui';
import { useQuery } from '@tanstack/react-query';
import { registrantKeys } from '../common/api/registrants';

const siblings = endpoint(siblingsResponseSchema);

/**
 * The registrant's siblings in the foundation — the other children of its parent account, in every school the
 * staff member may see — each linked to its own record. The same list shows on each sibling's record.
 */
export function SiblingsPanel({ id }: { id: number }) {
  const q = useQuery({
    queryKey: registrantKeys.siblings(id),
    queryFn: () => siblings.get(`registrant/siblings/${id}`).then((r) => r.data),
  });
  if (q.isPending) return <Skeleton height={40} />;
  if (q.isError)
    return (
      <Alert color="red" title="Data saudara gagal dimuat">
        Muat ulang halaman untuk mencoba lagi.
      </Alert>
    );
  return (
    <Card withBorder padding="lg" data-testid="siblings-panel">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4">
            Saudara di yayasan
          </Title>
          <Badge variant="light">{q.data.length}</Badge>
        </Group>
        {q.data.length === 0 ? (
          <Text size="sm">Tidak ada saudara lain dari akun orang tua yang sama di sekolah Anda.</Text>
        ) : (
          <ScrollArea type="auto">
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">No. Pendaftaran</Table.Th>
                  <Table.Th scope="col">Nama</Table.Th>
                  <Table.Th scope="col">Sekolah</Table.Th>
                  <Table.Th scope="col">Kelas</Table.Th>
                  <Table.Th scope="col">Tahun ajaran</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/registrant/detail?id=${s.id}`} size="sm">
                        {s.registration_number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{s.name ?? '(belum diisi)'}</Table.Td>
                    <Table.Td>{s.school_name}</Table.Td>
                    <Table.Td>{s.mst_class_name}</Table.Td>
                    <Table.Td>{s.school_year_name}</Table.Td>
                    <Table.Td>{s.status_label}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
    </Card>
  );
}
