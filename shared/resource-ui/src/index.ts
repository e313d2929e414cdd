/**
 * `@psb/resource-ui`: the resource engine's staff screens. A federation singleton of its own, loaded only by
 * the remotes that show resources (never on the first load of `/`). The screens themselves are lazy (see
 * `lazy.tsx`): the pure helpers below do not bring mantine-datatable along.
 */

export type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
export { type ListParams, listSearchParams, resourceKeys, saveBlob } from './api';
export {
  BOOLEAN_OPTIONS,
  type FilterWidget,
  filterWidgets,
  formatValue,
  type ListColumn,
  listColumns,
  optionLabel,
  type ResourceRecord,
  recordTitle,
} from './describe';
export {
  ArchivedListPage,
  DataTable,
  DateField,
  RelationMultiPicker,
  RelationPicker,
  ResourceForm,
  ResourceListPage,
} from './lazy';
export { pagedTableProps, pageText } from './pagedTableProps';
export { useModuleActions } from './permissions';
export type { RelationMultiPickerProps, RelationPickerProps } from './RelationPicker';
export type { ResourceListPageProps, RowActionContext } from './ResourceListPage';
export { useTypedSearch } from './useTypedSearch';
export { type UrlFilters, useUrlFilters } from './useUrlFilters';
