import type { ConsoleResourceName } from '@psb/contracts/core';
import { type ResourceDecl, resourceByAdminPath } from '@psb/contracts/resources';
import { ResourceListPage, type ResourceListPageProps } from '@psb/resource-ui';
import type { ComponentType } from 'react';
import { ResetPasswordAction } from '../users/ResetPasswordAction';
import { GenerateVouchersButton } from '../vouchers/GenerateVouchersButton';
import { PrintSlipsButton } from '../vouchers/PrintSlipsButton';
import { ResetVoucherAction } from '../vouchers/ResetVoucherAction';

/** What a resource needs beyond the engine, by resource name (kept to additions, never a copy of a page). */
type Extras = Pick<ResourceListPageProps, 'rowActions' | 'createAction' | 'toolbarActions'>;
const EXTRAS: Partial<Record<ConsoleResourceName, Extras>> = {
  user: {
    rowActions: (record, { archived, actions }) =>
      !archived && actions.update ? <ResetPasswordAction user={record} /> : null,
  },
  mst_token: {
    createAction: <GenerateVouchersButton />,
    toolbarActions: (params) => (params.archived ? null : <PrintSlipsButton params={params} />),
    rowActions: (record, { archived, actions }) =>
      !archived && actions.update && record.status === 'used' ? (
        <ResetVoucherAction voucher={record} />
      ) : null,
  },
};

/** The generic list (or archived list) page of one declared resource. */
export function resourcePage(decl: ResourceDecl, archived: boolean): ComponentType {
  const extras = (EXTRAS as Partial<Record<string, Extras>>)[decl.name];
  const Page = () => <ResourceListPage key={decl.name} decl={decl} archived={archived} {...extras} />;
  Page.displayName = `${archived ? 'Archived' : ''}ResourcePage(${decl.name})`;
  return Page;
}

/** The page of a console path (`/admin/school`, `/admin/school/nonactive`); routes.tsx lists only such paths. */
export function resourcePageAt(path: string): ComponentType {
  const decl = resourceByAdminPath(path);
  if (!decl) throw new Error(`no resource declaration for ${path}`);
  return resourcePage(decl, path.endsWith('/nonactive'));
}
