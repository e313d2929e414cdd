import { type ComponentType, lazy } from 'react';
import type { RelationMultiPickerProps, RelationPickerProps } from './RelationPicker';
import type { ResourceFormProps } from './ResourceForm';
import type { ResourceListPageProps } from './ResourceListPage';

/**
 * @psb/ui is a federation singleton loaded whole by the shell at boot, so the engine's screens are exported as
 * lazy components: their code (and mantine-datatable) is one chunk of whichever build provides @psb/ui — in
 * practice the shell's — fetched when a page first renders one. Render them inside Suspense (the shell's
 * RemotePage is one).
 */
const engine = () => import(/* webpackChunkName: "psb-resource-engine" */ './index');

export const ResourceListPage: ComponentType<ResourceListPageProps> = lazy(() =>
  engine().then((m) => ({ default: m.ResourceListPage })),
);
export const ArchivedListPage: ComponentType<Omit<ResourceListPageProps, 'archived'>> = lazy(() =>
  engine().then((m) => ({ default: m.ArchivedListPage })),
);
export const ResourceForm: ComponentType<ResourceFormProps & { opened: boolean }> = lazy(() =>
  engine().then((m) => ({ default: m.ResourceForm })),
);
export const RelationPicker: ComponentType<RelationPickerProps> = lazy(() =>
  engine().then((m) => ({ default: m.RelationPicker })),
);
export const RelationMultiPicker: ComponentType<RelationMultiPickerProps> = lazy(() =>
  engine().then((m) => ({ default: m.RelationMultiPicker })),
);
