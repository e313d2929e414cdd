import type { LeggerError } from '@psb/contracts/registrants-admin';
import { Table } from '@psb/ui';

/** Every problem of a legger file, in reading order, as the user finds them in the spreadsheet. */
export function ProblemsTable({ problems }: { problems: readonly LeggerError[] }) {
  return (
    <Table striped withTableBorder data-testid="legger-problems">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={80}>Baris</Table.Th>
          <Table.Th w={200}>Kolom</Table.Th>
          <Table.Th>Masalah</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {problems.map((p, i) => (
          <Table.Tr key={`${p.row}-${p.column}-${i}`}>
            <Table.Td>{p.row || '—'}</Table.Td>
            <Table.Td>{p.column || '—'}</Table.Td>
            <Table.Td>{p.message}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
