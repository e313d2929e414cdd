import { openApiDocument } from '../cli/openapi-document';
import { operationIdFor } from './docs';

type Operation = { operationId?: string; security?: Record<string, string[]>[] };
type Document = { paths: Record<string, Record<string, Operation>> };

describe('OpenAPI document', () => {
  it('names every operation uniquely and declares its security from the route access', async () => {
    const doc = (await openApiDocument()) as Document;
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
    expect(ops.length).toBeGreaterThan(50);
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of ops)
      expect({ path, method, security: Array.isArray(op.security) }).toEqual({
        path,
        method,
        security: true,
      });

    const security = (path: string, method: string) => doc.paths[path]?.[method]?.security;
    expect(security('/api/v1/public/login', 'post')).toEqual([]);
    expect(security('/api/v1/logout', 'post')).toEqual([{ bearerAuth: [] }]);
    expect(security('/api/v1/users', 'get')).toEqual([{ bearerAuth: [] }]);
    // Static files and the remotes' registry are not part of the api contract.
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/v1/'))).toBe(true);
  });

  it('derives operationIds from method and path', () => {
    expect(operationIdFor('GET', '/api/v1/public/content/:key')).toBe('getPublicContentByKey');
    expect(operationIdFor('PUT', '/api/v1/public/change_password')).toBe('putPublicChangePassword');
    expect(operationIdFor('POST', '/api/v1/role_school/{role}')).toBe('postRoleSchoolByRole');
  });
});
