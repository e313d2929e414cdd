import { Button, Checkbox, Menu } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import type { DataTableColumnToggle } from 'mantine-datatable';

export interface ColumnPickerProps {
  /** Toggle state of every column, as `useDataTableColumns` keeps it (stored per browser). */
  toggles: DataTableColumnToggle[];
  labels: Record<string, string>;
  onChange: (toggles: DataTableColumnToggle[]) => void;
  onReset: () => void;
}

/** "Kolom": which columns a wide list shows; the choice is remembered in this browser. */
export function ColumnPicker({ toggles, labels, onChange, onReset }: ColumnPickerProps) {
  const choosable = toggles.filter((t) => t.toggleable);
  if (choosable.length === 0) return null;
  const shown = toggles.filter((t) => t.toggled).length;
  return (
    <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconColumns3 size={16} stroke={1.6} />}>
          Kolom
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Kolom yang ditampilkan</Menu.Label>
        {choosable.map((t) => (
          <Menu.Item key={t.accessor} component="div">
            <Checkbox
              label={labels[t.accessor] ?? t.accessor}
              checked={t.toggled}
              // The last visible column stays: a table without columns says nothing.
              disabled={t.toggled && shown <= 2}
              onChange={(e) =>
                onChange(
                  toggles.map((x) =>
                    x.accessor === t.accessor ? { ...x, toggled: e.currentTarget.checked } : x,
                  ),
                )
              }
            />
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={onReset}>Kembalikan bawaan</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
