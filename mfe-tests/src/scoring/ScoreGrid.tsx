import type { ScoreSheet } from '@psb/contracts/test-scoring';
import { Button, Table, Text, TextInput, Tooltip } from '@psb/ui';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { parsePaste } from './cellValue';
import { type CellStatus, cellKey, type useScoreSaver } from './useScoreSaver';

const COLOUR: Record<CellStatus, string | undefined> = {
  saved: undefined,
  pending: 'var(--mantine-color-yellow-0)',
  saving: 'var(--mantine-color-yellow-0)',
  invalid: 'var(--mantine-color-red-0)',
  failed: 'var(--mantine-color-red-0)',
};
const LABEL: Record<CellStatus, string> = {
  saved: 'Tersimpan',
  pending: 'Belum tersimpan',
  saving: 'Menyimpan…',
  invalid: 'Tidak valid',
  failed: 'Gagal disimpan',
};

/**
 * The whole session as a spreadsheet-like grid: arrows move between cells (left/right once the caret is at
 * the edge), Enter moves down, and a column (or block) pasted from a spreadsheet fills down from the cell.
 */
export function ScoreGrid({
  sheet,
  saver,
  onOpenCare,
}: {
  sheet: ScoreSheet;
  saver: ReturnType<typeof useScoreSaver>;
  /** Opens the row's health data and counselling notes. */
  onOpenCare: (row: ScoreSheet['rows'][number]) => void;
}) {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const focus = (r: number, c: number) => {
    const row = sheet.rows[r];
    const subject = sheet.subjects[c];
    if (!row || !subject) return;
    const el = inputs.current.get(cellKey(row.registrant_test_id, subject.mst_subject_id));
    el?.focus();
    el?.select();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>, r: number, c: number) => {
    const el = e.currentTarget;
    const atStart = el.selectionStart === 0 && el.selectionEnd === 0;
    const atEnd = el.selectionStart === el.value.length;
    const all = el.selectionStart === 0 && el.selectionEnd === el.value.length;
    if (e.key === 'ArrowDown' || (e.key === 'Enter' && !e.shiftKey)) focus(r + 1, c);
    else if (e.key === 'ArrowUp' || (e.key === 'Enter' && e.shiftKey)) focus(r - 1, c);
    else if (e.key === 'ArrowLeft' && (atStart || all)) focus(r, c - 1);
    else if (e.key === 'ArrowRight' && (atEnd || all)) focus(r, c + 1);
    else return;
    e.preventDefault();
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>, r: number, c: number) => {
    const block = parsePaste(e.clipboardData.getData('text/plain'));
    if (block.length === 1 && block[0]!.length === 1) return; // one value: the browser's own paste
    e.preventDefault();
    for (const [i, line] of block.entries())
      for (const [j, value] of line.entries()) {
        const row = sheet.rows[r + i];
        const subject = sheet.subjects[c + j];
        if (row && subject)
          saver.setText(cellKey(row.registrant_test_id, subject.mst_subject_id), value.trim());
      }
    focus(Math.min(r + block.length, sheet.rows.length - 1), c);
  };

  return (
    <Table.ScrollContainer minWidth={520 + sheet.subjects.length * 110}>
      <Table striped withTableBorder withColumnBorders stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>No</Table.Th>
            <Table.Th>No. Pendaftaran</Table.Th>
            <Table.Th>Nama</Table.Th>
            {sheet.subjects.map((s) => (
              <Table.Th key={s.mst_subject_id} w={110}>
                {s.name}
                <Text size="xs" c="dimmed">
                  {s.min_score}–{s.max_score}
                </Text>
              </Table.Th>
            ))}
            <Table.Th w={120}>Kesehatan & BK</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheet.rows.map((row, r) => (
            <Table.Tr key={row.registrant_test_id}>
              <Table.Td>{r + 1}</Table.Td>
              <Table.Td>{row.registration_number}</Table.Td>
              <Table.Td>{row.name ?? '-'}</Table.Td>
              {sheet.subjects.map((s, c) => {
                const key = cellKey(row.registrant_test_id, s.mst_subject_id);
                const cell = saver.cell(key);
                const status = cell?.status ?? 'saved';
                // What is wrong is written under the cell: a tablet has no hover to show a tooltip.
                const problem =
                  status === 'invalid' || status === 'failed' ? (cell?.message ?? LABEL[status]) : undefined;
                return (
                  <Table.Td key={key} p={2}>
                    <Tooltip label={LABEL[status]} disabled={status === 'saved' || !!problem} withArrow>
                      <TextInput
                        ref={(el) => {
                          if (el) inputs.current.set(key, el);
                          else inputs.current.delete(key);
                        }}
                        size="xs"
                        inputMode="decimal"
                        autoComplete="off"
                        aria-label={`Nilai ${s.name} ${row.registration_number}`}
                        error={problem}
                        errorProps={{ fz: 11, 'data-testid': 'cell-problem' }}
                        data-status={status}
                        value={cell?.text ?? ''}
                        onChange={(e) => saver.setText(key, e.currentTarget.value)}
                        onKeyDown={(e) => onKeyDown(e, r, c)}
                        onPaste={(e) => onPaste(e, r, c)}
                        onFocus={(e) => e.currentTarget.select()}
                        styles={{ input: { background: COLOUR[status], textAlign: 'right' } }}
                      />
                    </Tooltip>
                  </Table.Td>
                );
              })}
              <Table.Td p={2}>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-label={`Buka data kesehatan dan BK ${row.registration_number}`}
                  onClick={() => onOpenCare(row)}
                >
                  Buka
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
