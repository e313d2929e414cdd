import {
  DUPLICATE_LABEL,
  DUPLICATE_REASON_LABELS,
  type DuplicateSide,
  STATUS_LABELS,
} from '@psb/contracts/registrants-admin';
import { Link } from '@psb/router';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  formatDate,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@psb/ui';
import { useDuplicates } from './api/staffTools';

const ROWS: { label: string; value: (s: DuplicateSide) => string }[] = [
  { label: 'No. Pendaftaran', value: (s) => s.registration_number },
  { label: 'Nama', value: (s) => s.name ?? '(belum diisi)' },
  { label: 'NIK', value: (s) => s.nik ?? '-' },
  { label: 'Tanggal lahir', value: (s) => (s.birth_date ? formatDate(s.birth_date) : '-') },
  { label: 'Tempat lahir', value: (s) => s.birth_place ?? '-' },
  { label: 'Orang tua', value: (s) => [s.parent_name, s.parent_email].filter(Boolean).join(' · ') },
  { label: 'Sekolah', value: (s) => s.school_name },
  { label: 'Periode', value: (s) => s.school_period_name },
  { label: 'Status', value: (s) => STATUS_LABELS[s.status] },
];

/**
 * The registrants that may be the same child as this one, side by side with it (one column each, the
 * registrant itself first), each linked to its own detail. Nothing is shown when there are none.
 */
export function DuplicatesPanel({ id }: { id: number }) {
  const q = useDuplicates(id);
  if (q.isPending) return <Skeleton height={40} />;
  if (q.isError)
    return (
      <Alert color="red" title="Pemeriksaan data ganda gagal dimuat">
        Muat ulang halaman untuk mencoba lagi.
      </Alert>
    );
  const { registrant, duplicates } = q.data;
  const warning = registrant.nik_warnings.length > 0 && (
    <Alert color="yellow" title="Periksa NIK" data-testid="nik-warnings">
      <Stack gap={2}>
        {registrant.nik_warnings.map((w) => (
          <Text size="sm" key={w}>
            {w}
          </Text>
        ))}
        <Text size="xs" c="gray.7">
          Hanya peringatan: data tetap dapat diproses.
        </Text>
      </Stack>
    </Alert>
  );
  if (!duplicates.length) return warning || null;
  return (
    <Stack gap="sm">
      {warning}
      <Card withBorder padding="lg" data-testid="duplicates-panel">
        <Stack gap="sm">
          <Group gap="xs">
            <Title order={2} size="h4">
              {DUPLICATE_LABEL}
            </Title>
            <Badge color="orange" variant="light">
              {duplicates.length}
            </Badge>
          </Group>
          <Text size="sm" c="gray.7">
            Calon murid berikut memiliki NIK, nama dan tanggal lahir, atau akun orang tua yang sama.
            Bandingkan datanya sebelum memproses.
          </Text>
          <ScrollArea type="auto">
            <Table withColumnBorders striped data-testid="duplicates-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Data</Table.Th>
                  <Table.Th scope="col">Calon murid ini</Table.Th>
                  {duplicates.map((d) => (
                    <Table.Th scope="col" key={d.id}>
                      <Anchor component={Link} to={`/admin/registrant/detail?id=${d.id}`} size="sm">
                        Buka {d.registration_number}
                      </Anchor>
                      <Text size="xs" c="gray.7">
                        {d.reasons.map((r) => DUPLICATE_REASON_LABELS[r]).join(', ')}
                      </Text>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ROWS.map((row) => (
                  <Table.Tr key={row.label}>
                    <Table.Th scope="row">{row.label}</Table.Th>
                    <Table.Td>{row.value(registrant)}</Table.Td>
                    {duplicates.map((d) => (
                      <Table.Td key={d.id}>{row.value(d)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Stack>
      </Card>
    </Stack>
  );
}
