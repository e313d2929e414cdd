/**
 * The resource engine's screens. Loaded on demand (see `lazy.tsx`): the shell's first load carries none of it,
 * mantine-datatable included; the first page that shows a resource fetches it once.
 */

// For screens beside the engine (e.g. mfe-registrants): the host's one copy, inside its MantineProvider.
export { DataTable } from 'mantine-datatable';
export { DateField } from './DateField';
export { ExportButton } from './ExportButton';
export { FilterBar } from './FilterBar';
export { RelationMultiPicker, RelationPicker } from './RelationPicker';
export { ResourceForm } from './ResourceForm';
export { ArchivedListPage, ResourceListPage } from './ResourceListPage';
