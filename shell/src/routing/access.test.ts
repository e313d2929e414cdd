import { type RouteEntry, routeFor } from '@psb/contracts/core';
import { decideAccess } from './access';

const route = (path: string) => routeFor(path) as RouteEntry;
const signedOut = { token: null, user_role: null, admin_token: null, admin_role: null, registrant_id: null };
const request = { sourceUri: '/', requestUri: '/home' };

describe('decideAccess', () => {
  it('opens public pages to everyone', () => {
    expect(decideAccess(route('/'), signedOut, request)).toEqual({ kind: 'allow' });
    expect(decideAccess(route('/admin'), signedOut, request)).toEqual({ kind: 'allow' });
  });

  it('sends an unauthenticated visitor to /404 with source_uri and request_uri, clearing that area only', () => {
    expect(decideAccess(route('/home'), signedOut, { sourceUri: '/', requestUri: '/home?x=1' })).toEqual({
      kind: 'redirect',
      to: '/404?source_uri=%2F&request_uri=%2Fhome%3Fx%3D1',
      clearArea: 'user',
    });
    expect(decideAccess(route('/admin/dashboard'), signedOut, request)).toMatchObject({ clearArea: 'admin' });
  });

  it('sends a signed-in parent at an admin page to /401 and clears nothing', () => {
    const parent = { ...signedOut, token: 't', user_role: 'user' };
    const decision = decideAccess(route('/admin/dashboard'), parent, {
      sourceUri: '/home',
      requestUri: '/admin/dashboard',
    });
    expect(decision).toEqual({ kind: 'redirect', to: '/401', clearArea: null });
  });

  it('sends signed-in staff at a parent page to /401 and clears nothing', () => {
    const staff = { ...signedOut, admin_token: 't', admin_role: 'superadmin' };
    expect(decideAccess(route('/home'), staff, request)).toEqual({
      kind: 'redirect',
      to: '/401',
      clearArea: null,
    });
  });

  it('sends a signed-in account whose role the route does not list to /401', () => {
    const wrongRole = { ...signedOut, admin_token: 't', admin_role: 'user' };
    expect(decideAccess(route('/admin/dashboard'), wrongRole, request)).toEqual({
      kind: 'redirect',
      to: '/401',
      clearArea: null,
    });
  });

  it('admits staff roles, including teacher-type roles, to admin pages', () => {
    for (const role of ['superadmin', 'teacher', 'teacher_smp', 'bendahara']) {
      const staff = { ...signedOut, admin_token: 't', admin_role: role };
      expect(decideAccess(route('/admin/dashboard'), staff, request)).toEqual({ kind: 'allow' });
    }
  });

  it('sends registrant pages without a chosen registrant to /home', () => {
    const registrantPage: RouteEntry = {
      path: '/registrant',
      remote: 'mfe_parent',
      area: 'parent',
      roles: ['all'],
      needsRegistrant: true,
      title: 'x',
    };
    const parent = { ...signedOut, token: 't', user_role: 'user' };
    expect(decideAccess(registrantPage, parent, request)).toEqual({
      kind: 'redirect',
      to: '/home',
      clearArea: null,
    });
    expect(decideAccess(registrantPage, { ...parent, registrant_id: 5 }, request)).toEqual({ kind: 'allow' });
  });
});
