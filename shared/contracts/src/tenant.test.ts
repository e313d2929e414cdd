import { DEFAULT_TENANT, tenantFromHost } from './tenant';

describe('tenantFromHost', () => {
  it.each([
    ['smakristen.psb.example.id', 'smakristen'],
    ['SMAKristen.PSB.example.id:8443', 'smakristen'],
    ['yayasan-a.localhost', 'yayasan-a'],
    ['demo.psb.id', 'demo'],
  ])('takes the first label of %p', (host, tenant) => {
    expect(tenantFromHost(host)).toBe(tenant);
  });

  it.each([
    'localhost',
    'localhost:8080',
    '127.0.0.1:8080',
    '[::1]:8080',
    '',
    'intranet',
    'www.psb.example.id',
    '-bad.example.id',
  ])('falls back to the default tenant for %p', (host) => {
    expect(tenantFromHost(host)).toBe(DEFAULT_TENANT);
  });

  it('uses a given fallback', () => {
    expect(tenantFromHost(undefined, 'lain')).toBe('lain');
  });
});
