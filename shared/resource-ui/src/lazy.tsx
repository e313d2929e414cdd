import { TextInput } from '@mantine/core';
import type { DataTableProps } from 'mantine-datatable';
import { type ComponentProps, type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import type { DateField as DateFieldComponent } from './DateField';
import type { RelationMultiPickerProps, RelationPickerProps } from './RelationPicker';
import type { ResourceFormProps } from './ResourceForm';
import type { ResourceListPageProps } from './ResourceListPage';

/**
 * A shared package is loaded whole, so the screens (and mantine-datatable) are one chunk of their own,
 * fetched when a page first renders one; pages that only need the helpers (columns, permissions) do not pay
 * for them. Render them inside Suspense (the shell's RemotePage is one).
 */
const engine = () => import(/* webpackChunkName: "psb-resource-engine" */ './engine');

export const ResourceListPage: ComponentType<ResourceListPageProps> = lazy(() =>
  engine().then((m) => ({ default: m.ResourceListPage })),
);
export const ArchivedListPage: ComponentType<Omit<ResourceListPageProps, 'archived'>> = lazy(() =>
  engine().then((m) => ({ default: m.ArchivedListPage })),
);
export const ResourceForm: ComponentType<ResourceFormProps & { opened: boolean }> = lazy(() =>
  engine().then((m) => ({ default: m.ResourceForm })),
);
/**
 * The pickers alone, for screens that show them without a list or form (the dashboard's filters): without
 * mantine-datatable and the date fields, which a list brings along.
 */
const pickers = () => import(/* webpackChunkName: "psb-relation-picker" */ './RelationPicker');

export const RelationPicker: ComponentType<RelationPickerProps> = lazy(() =>
  pickers().then((m) => ({ default: m.RelationPicker })),
);
export const RelationMultiPicker: ComponentType<RelationMultiPickerProps> = lazy(() =>
  pickers().then((m) => ({ default: m.RelationMultiPicker })),
);
/** mantine-datatable's table for hand-written staff screens (the host's copy; remotes have none of their own). */
export const DataTable = lazy(() => engine().then((m) => ({ default: m.DataTable }))) as unknown as <T>(
  props: DataTableProps<T>,
) => ReactElement;

const LazyDateField = lazy(() => engine().then((m) => ({ default: m.DateField })));

/**
 * The console's date input (dd/mm/yyyy, Indonesian calendar) for hand-written staff screens. While the
 * engine's chunk arrives it shows a disabled field of the same label and size, so a filter bar never blanks.
 */
export function DateField(props: ComponentProps<typeof DateFieldComponent>) {
  return (
    <Suspense
      fallback={
        <TextInput label={props.label} w={props.w} style={props.style} placeholder="hh/bb/tttt" disabled />
      }
    >
      <LazyDateField {...props} />
    </Suspense>
  );
}
