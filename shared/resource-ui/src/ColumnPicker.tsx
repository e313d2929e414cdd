import { Button, Checkbox, Menu } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';

export interface ColumnPickerProps {
  /** The columns a user may hide or show (the title column always stays). */
  columns: { key: string; label: string; shown: boolean }[];
  onChange: (key: string, shown: boolean) => void;
  onReset: () => void;
}

/** "Kolom": which columns a wide list shows; the choice is remembered in this browser. */
export function ColumnPicker({ columns, onChange, onReset }: ColumnPickerProps) {
  if (columns.length === 0) return null;
  return (
    <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconColumns3 size={16} stroke={1.6} />}>
          Kolom
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Kolom yang ditampilkan</Menu.Label>
        {columns.map((c) => (
          <Menu.Item key={c.key} component="div">
            <Checkbox
              label={c.label}
              checked={c.shown}
              onChange={(e) => onChange(c.key, e.currentTarget.checked)}
            />
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={onReset}>Kembalikan bawaan</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
