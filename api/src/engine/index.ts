import { RESOURCES } from '@psb/contracts';
import { type CompiledResource, compile } from './compile';

export * from './compile';
export { type ExportFormat, type QueryExport, streamQueryExport } from './export';
export * from './query';
export * from './routes';

let compiled: Map<string, CompiledResource> | undefined;

/** Every declared resource compiled (once per process). */
export function compiledResources(): Map<string, CompiledResource> {
  compiled ??= new Map(RESOURCES.map((d) => [d.name, compile(d)]));
  return compiled;
}

export function compiledResource(name: string): CompiledResource {
  const c = compiledResources().get(name);
  if (!c) throw new Error(`Unknown resource ${name}`);
  return c;
}
