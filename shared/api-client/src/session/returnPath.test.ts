import { safeReturnPath } from './returnPath';

describe('safeReturnPath', () => {
  it('keeps a relative path of the same area, with its query', () => {
    expect(safeReturnPath('/home', 'user')).toBe('/home');
    expect(safeReturnPath('/registrant?tab=2', 'user')).toBe('/registrant?tab=2');
    expect(safeReturnPath('/admin/dashboard', 'admin')).toBe('/admin/dashboard');
  });

  it('refuses anything that could leave the site', () => {
    for (const raw of [
      'https://evil.example/home',
      '//evil.example/home',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/home\n',
      'home',
      '',
      null,
      undefined,
    ])
      expect(safeReturnPath(raw, 'user')).toBeNull();
  });

  it('refuses the other area', () => {
    expect(safeReturnPath('/admin/dashboard', 'user')).toBeNull();
    expect(safeReturnPath('/home', 'admin')).toBeNull();
  });
});
