import { resourceByAdminPath } from '@psb/contracts/resources';
import { ResourceListPage } from '@psb/resource-ui';
import type { ComponentType } from 'react';

/** The generic list (or, under `/nonactive`, archived list) page of the declared resource at `path`. */
export function resourcePageFor(path: string): ComponentType {
  const decl = resourceByAdminPath(path);
  if (!decl) throw new Error(`No resource at ${path}`);
  const archived = path.endsWith('/nonactive');
  const Page = () => <ResourceListPage key={decl.name} decl={decl} archived={archived} />;
  Page.displayName = `${archived ? 'Archived' : ''}ResourcePage(${decl.name})`;
  return Page;
}
