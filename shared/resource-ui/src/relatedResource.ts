import { type ResourceDecl, resourceByName } from '@psb/contracts/resources';

/*
 * Apart from describe.ts because it needs the declarations themselves (a value import of the contracts
 * index, zod included): only the engine's chunk (RelationPicker) imports it, never the first load.
 */

/** The declaration a relation field or filter points to. */
export function relatedResource(name: string): ResourceDecl {
  const decl = resourceByName(name);
  if (!decl) throw new Error(`Unknown resource ${name}`);
  return decl;
}
