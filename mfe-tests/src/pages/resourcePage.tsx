import { resourceByAdminPath } from '@psb/contracts/resources';
import { ResourceListPage, type ResourceListPageProps, type ResourceRecord } from '@psb/resource-ui';
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { invalidateScoreSheet } from '../scoring/api/scoreSheet';
import { SessionSubjectsAction } from '../sessions/SessionSubjectsAction';

/** What a resource needs beyond the engine, by resource name (kept to additions, never a copy of a page). */
type Extras = Pick<ResourceListPageProps, 'rowActions' | 'createAction' | 'toolbarActions'>;
const EXTRAS: Partial<Record<string, Extras>> = {
  mst_test_detail: {
    rowActions: (record, { archived, actions }) =>
      archived ? null : <SubjectsOfSession session={record} editable={actions.update} />,
  },
};

/** Saved subjects change the session's scoring grid: it is read again when next opened. */
function SubjectsOfSession({ session, editable }: { session: ResourceRecord; editable: boolean }) {
  const client = useQueryClient();
  return (
    <SessionSubjectsAction
      session={session}
      editable={editable}
      onSaved={(id) => void invalidateScoreSheet(client, id)}
    />
  );
}

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
