import path from 'node:path';
import { type APIResponse, expect, request as playwrightRequest, test } from '@playwright/test';
import { newParent } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { runDir } from '../support/env';
import { freePort, type StartedServer, startServer, stopServer } from '../support/server';

// A server of its own with the smallest capacity: one password hash at a time and nobody queued behind it,
// so parents beyond the one being hashed are sent to the waiting room.
let tiny: StartedServer | undefined;
let tinyUrl = '';

test.beforeAll(async () => {
  // Its own embedded PostgreSQL starts and migrates first.
  test.setTimeout(180_000);
  const port = await freePort();
  tinyUrl = `http://localhost:${port}`;
  tiny = await startServer(port, path.join(runDir, 'tiny-capacity'), {
    HASH_CONCURRENCY: '1',
    HASH_QUEUE_MAX: '0',
    HASH_QUEUE_WAIT_MS: '0',
  });
});

test.afterAll(async () => {
  await stopServer(tiny);
});

const registerBody = (p: ReturnType<typeof newParent>) => ({
  name: p.name,
  email: p.email,
  phone_number: p.phone,
  password: p.password,
});

test('at capacity a second parent waits with a place in line, is let in by itself and is registered', async ({
  page,
}) => {
  const api = await playwrightRequest.newContext({ baseURL: tinyUrl });
  const parent = newParent();
  await page.goto(`${tinyUrl}/`);
  await page.getByRole('button', { name: 'Daftar' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nama').fill(parent.name);
  await dialog.getByLabel('Email', { exact: true }).fill(parent.email);
  await dialog.getByLabel('No. HP').fill(parent.phone);
  await dialog.getByLabel('Kata Sandi', { exact: true }).fill(parent.password);

  // Parents who came first, all at once: one is hashed, the others are given their place in line.
  const first = Array.from({ length: 12 }, () => newParent());
  const answers = await Promise.all(
    first.map((p) => api.post('/api/v1/public/register', { data: registerBody(p) })),
  );
  const waiting: { body: ReturnType<typeof registerBody>; ticket: string }[] = [];
  for (const [i, answer] of answers.entries()) {
    if (answer.status() === 201) continue;
    expect(answer.status()).toBe(503);
    expect(Number(answer.headers()['retry-after'])).toBeGreaterThanOrEqual(1);
    const body = (await answer.json()) as { position: number; estimated_seconds: number; ticket: string };
    expect(body.position).toBeGreaterThanOrEqual(1);
    waiting.push({ body: registerBody(first[i]!), ticket: body.ticket });
  }
  expect(waiting.length, 'the earlier parents beyond the first are waiting').toBeGreaterThan(0);

  await dialog.getByRole('button', { name: 'Daftar' }).click();
  const screen = page.getByTestId('waiting-room');
  await expect(screen.getByRole('heading', { name: 'Anda dalam antrean…' })).toBeVisible();
  const position = Number(
    (await screen.getByTestId('waiting-position').textContent())?.match(/\d+/)?.[0] ?? Number.NaN,
  );
  // Everyone who came first and is still waiting is ahead of this parent.
  expect(position).toBeGreaterThanOrEqual(2);
  await expect(screen.getByTestId('waiting-estimate')).toContainText('Perkiraan waktu tunggu');
  await expectAccessible(page, 'waiting screen', ['[data-testid="waiting-room"]']);

  // The earlier parents come back with their tickets and are served first (each until it is let in).
  let pending = waiting;
  while (pending.length > 0) {
    const still: typeof pending = [];
    for (const w of pending) {
      const again: APIResponse = await api.post('/api/v1/public/register', {
        data: w.body,
        headers: { 'x-queue-ticket': w.ticket },
      });
      if (again.status() === 503) {
        still.push({ ...w, ticket: ((await again.json()) as { ticket: string }).ticket });
        continue;
      }
      expect(again.status()).toBe(201);
    }
    pending = still;
  }

  // Then this parent's own call goes through by itself: registered and signed in, nothing retyped.
  await expect(screen).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(`Selamat datang, ${parent.name}`)).toBeVisible();
  await api.dispose();
});
