import fs from 'node:fs';
import { ROUTE_INDEX_FILE, routeIndex } from './route-index';

describe('api/ROUTES.md', () => {
  it('is the route table of the app as built now (run `pnpm --filter @psb/api routes:index` after a change)', async () => {
    const fresh = await routeIndex();
    expect(fresh).toMatch(
      /\| GET \| `\/api\/v1\/registrants` \| .+ \| `src\/modules\/registrants\/[a-z/-]+\.ts` \|/,
    );
    expect(fresh).not.toContain('(unknown)');
    expect(fs.readFileSync(ROUTE_INDEX_FILE, 'utf8')).toBe(fresh);
  });
});
