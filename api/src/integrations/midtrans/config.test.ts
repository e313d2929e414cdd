import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config';
import { createPayments } from './index';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psb-midtrans-config-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('Midtrans configuration', () => {
  it('without a server key: the simulator, with a key generated once into DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).midtrans;
    expect(first).toMatchObject({ serverKey: undefined, env: 'sandbox' });
    expect(first.simulatorServerKey).toMatch(/^SB-Mid-server-/);
    expect(loadConfig({ DATA_DIR: dataDir }).midtrans.simulatorServerKey).toBe(first.simulatorServerKey);
    const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
    expect(secrets.midtransSimulatorKey).toBe(first.simulatorServerKey);
    const { gateway, simulator } = createPayments(first);
    expect(gateway.kind).toBe('simulator');
    expect(simulator?.serverKey).toBe(first.simulatorServerKey);
  });

  it('with a server key: real Midtrans on the chosen environment, no simulator', () => {
    const c = loadConfig({
      DATA_DIR: dataDir,
      MIDTRANS_SERVER_KEY: 'Mid-server-abc',
      MIDTRANS_ENV: 'production',
      MIDTRANS_IRIS_KEY: 'IRIS-abc',
    }).midtrans;
    expect(c).toMatchObject({
      serverKey: 'Mid-server-abc',
      env: 'production',
      irisKey: 'IRIS-abc',
      simulatorServerKey: undefined,
    });
    const { gateway, simulator } = createPayments(c);
    expect(gateway.kind).toBe('midtrans');
    expect(simulator).toBeNull();
  });

  it('refuses an unknown environment and a notification URL that is not http(s)', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, MIDTRANS_ENV: 'live' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, MIDTRANS_NOTIFICATION_URL: 'ftp://x' })).toThrow(
      /MIDTRANS_NOTIFICATION_URL/,
    );
  });
});
