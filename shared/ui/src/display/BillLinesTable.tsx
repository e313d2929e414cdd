import { Table } from '@mantine/core';
import { formatRupiah } from '@psb/contracts/core';
import type { ReactNode } from 'react';

interface BillAmounts<L> {
  lines: L[];
  discount_amount: number;
  voluntary_amount: number;
}

/**
 * A bill's lines with its discount and voluntary part, as the parent and staff both see them; `totals` adds
 * closing rows (e.g. total and paid), `lineActions` a cell per line (staff editing).
 */
export function BillLinesTable<L extends { id: number; name: string; amount: number }>({
  bill,
  totals = [],
  lineActions,
}: {
  bill: BillAmounts<L>;
  totals?: { label: string; amount: number; strong?: boolean }[];
  lineActions?: (line: L) => ReactNode;
}) {
  const extra = lineActions ? <Table.Td /> : null;
  return (
    <Table withRowBorders={false} verticalSpacing={2} aria-label="Rincian tagihan">
      <Table.Tbody>
        {bill.lines.map((l) => (
          <Table.Tr key={l.id}>
            <Table.Td>{l.name}</Table.Td>
            <Table.Td ta="right">{formatRupiah(l.amount)}</Table.Td>
            {lineActions && <Table.Td w={1}>{lineActions(l)}</Table.Td>}
          </Table.Tr>
        ))}
        {bill.discount_amount > 0 && (
          <Table.Tr>
            <Table.Td>Keringanan</Table.Td>
            <Table.Td ta="right">-{formatRupiah(bill.discount_amount)}</Table.Td>
            {extra}
          </Table.Tr>
        )}
        {bill.voluntary_amount > 0 && (
          <Table.Tr>
            <Table.Td>Sumbangan sukarela</Table.Td>
            <Table.Td ta="right">{formatRupiah(bill.voluntary_amount)}</Table.Td>
            {extra}
          </Table.Tr>
        )}
        {totals.map((t) => (
          <Table.Tr key={t.label}>
            <Table.Td fw={t.strong ? 700 : undefined}>{t.label}</Table.Td>
            <Table.Td ta="right" fw={t.strong ? 700 : undefined}>
              {formatRupiah(t.amount)}
            </Table.Td>
            {extra}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
