import { remoteRegistrySchema } from '@psb/contracts';
import { parseRegistry } from './registry';

// parseRegistry stands in for the zod schema at boot: both must accept and refuse the same files.
const CASES: [string, unknown][] = [
  ['empty', { remotes: {} }],
  [
    'one remote',
    { remotes: { mfe_public: { version: '0.1.0', entry: '/mfe/mfe-public/0.1.0/mf-manifest.json' } } },
  ],
  ['extra keys', { remotes: { mfe_parent: { version: '1', entry: '/x', note: 'old' } }, comment: 'x' }],
  ['unknown remote', { remotes: { mfe_unknown: { version: '1', entry: '/x' } } }],
  ['numeric version', { remotes: { mfe_public: { version: 1, entry: '/x' } } }],
  ['missing entry', { remotes: { mfe_public: { version: '1' } } }],
  ['null entry', { remotes: { mfe_public: null } }],
  ['remotes is a list', { remotes: [] }],
  ['no remotes', {}],
  ['not an object', 'registry'],
  ['null', null],
];

describe('parseRegistry', () => {
  it.each(CASES)('agrees with remoteRegistrySchema: %s', (_name, json) => {
    const expected = remoteRegistrySchema.safeParse(json);
    if (expected.success) expect(parseRegistry(json)).toEqual(expected.data);
    else expect(() => parseRegistry(json)).toThrow(/registry/);
  });
});
