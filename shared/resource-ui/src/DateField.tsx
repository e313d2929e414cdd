import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/id';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { DATE_INPUT_FORMAT, parseDateId } from '@psb/ui';
import { useState } from 'react';

/**
 * A calendar-date input that shows and accepts dd/mm/yyyy with Indonesian month and day names, whatever the
 * browser's language (a native date input follows the browser's locale). The value stays `YYYY-MM-DD`.
 * It lives here, in the lazily loaded staff screens, so the calendar never weighs on the first page load.
 */
export function DateField({
  value,
  onChange,
  ...props
}: Omit<DateInputProps, 'value' | 'onChange'> & {
  value?: string | null;
  onChange: (value: string) => void;
}) {
  // Whether the calendar is open (it opens on focus or click). While it is, Escape closes the calendar only:
  // a dialog holding the field (Tambah Data Tes) leaves an Escape alone when its target carries Mantine's
  // stop-propagation mark, instead of closing and dropping what was typed.
  const [open, setOpen] = useState(false);
  return (
    <DateInput
      {...props}
      data-mantine-stop-propagation={open || undefined}
      onFocus={(e) => {
        setOpen(true);
        props.onFocus?.(e);
      }}
      onClick={(e) => {
        setOpen(true);
        props.onClick?.(e);
      }}
      onBlur={(e) => {
        setOpen(false);
        props.onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
        props.onKeyDown?.(e);
      }}
      value={value ? value : null}
      onChange={(v) => onChange(v ?? '')}
      locale="id"
      valueFormat={DATE_INPUT_FORMAT}
      dateParser={parseDateId}
      placeholder={props.placeholder ?? 'hh/bb/tttt'}
      clearable={!props.withAsterisk}
      // Not named after the field: a name containing the label would make the field's label ambiguous.
      clearButtonProps={{ 'aria-label': 'Kosongkan isian' }}
      popoverProps={{ withinPortal: true }}
    />
  );
}
