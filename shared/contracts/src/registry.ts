import { REMOTES } from './navigation';
import { z } from './zod';

/**
 * /mfe/registry.json: which version of each remote is live and where its manifest is. Deploying a remote =
 * publishing its versioned folder and changing its entry here; the shell is never rebuilt for it.
 */
export const registryEntrySchema = z.object({
  version: z.string(),
  /** URL of the remote's mf-manifest.json, absolute or relative to the page origin. */
  entry: z.string(),
});
export const remoteRegistrySchema = z.object({
  remotes: z.partialRecord(z.enum(REMOTES), registryEntrySchema),
});
export type RemoteRegistry = z.infer<typeof remoteRegistrySchema>;
