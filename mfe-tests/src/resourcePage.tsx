import { resourceByAdminPath } from '@psb/contracts/resources';
import { ResourceListPage, type ResourceListPageProps } from '@psb/resource-ui';
import type { ComponentType } from 'react';
import { SessionSubjectsAction } from './sessions/SessionSubjectsAction';

/** What a resource needs beyond the engine, by resource name (kept to additions, never a copy of a page). */
type Extras = Pick<ResourceListPageProps, 'rowActions' | 'createAction' | 'toolbarActions'>;
const EXTRAS: Partial<Record<string, Extras>> = {
  mst_test_detail: {
    rowActions: (record, { archived, actions }) =>
      archived ? null : <SessionSubjectsAction session={record} editable={actions.update} />,
  },
};

/** The generic list (or, under `/nonactive`, archived list) page of the declared resource at `path`. */
export function resourcePageFor(path: string): ComponentType {
  const decl = resourceByAdminPath(path);
  if (!decl) throw new Error(`No resource at ${path}`);
  const archived = path.endsWith('/nonactive');
  const extras = EXTRAS[decl.name];
  const Page = () => <ResourceListPage key={decl.name} decl={decl} archived={archived} {...extras} />;
  Page.displayName = `${archived ? 'Archived' : ''}ResourcePage(${decl.name})`;
  return Page;
}
