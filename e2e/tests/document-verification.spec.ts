import fs from 'node:fs';
import path from 'node:path';
import { type Browser, devices, expect, type Page, test } from '@playwright/test';
import {
  bearer,
  DEMO,
  freshVoucher,
  loginAsAdmin,
  loginAsParent,
  newParentWithRegistrant,
} from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { chooseOption } from '../support/select';

// The parent replaces a document on a phone (Chromium with Pixel 7 settings); staff verify on a computer.
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
const { defaultBrowserType: _desktopBrowser, ...desktop } = devices['Desktop Chrome'];
test.use(pixel7);
test.setTimeout(240_000);

const PHOTO = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'pas-foto.png'));

async function staffPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ ...desktop, baseURL });
  const page = await context.newPage();
  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  return page;
}

/** A large camera shot drawn in the browser (noise compresses badly as PNG), as the phone would hand it over. */
async function cameraShot(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 2000;
    canvas.height = 1500;
    const ctx = canvas.getContext('2d')!;
    const img = ctx.createImageData(canvas.width, canvas.height);
    for (let i = 0; i < img.data.length; i += 4) {
      const v = 128 + Math.floor(Math.random() * 64);
      img.data[i] = v;
      img.data[i + 1] = v;
      img.data[i + 2] = v;
      img.data[i + 3] = 255;
    }
    ctx.putImageData(img, 0, 0);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test('staff reject a document, the parent replaces it from the phone camera, staff accept it', async ({
  browser,
  request,
}, info) => {
  const parent = await newParentWithRegistrant(request, await freshVoucher(request));
  const own = await bearer(request, parent.email, parent.password, 'user');
  const mine = (await (await request.get('/api/v1/registrants', { headers: own })).json()).data[0];
  const id = mine.id as number;
  const uploaded = await request.post(`/api/v1/registrant/upload/${id}?folder=kk`, {
    headers: own,
    multipart: { file: { name: 'kk.png', mimeType: 'image/png', buffer: PHOTO } },
  });
  expect(uploaded.status()).toBe(200);

  // --- Staff: the queue, then the registrant's documents beside its data; r rejects with a reason ---------------
  const staff = await staffPage(browser, info.project.use.baseURL);
  await staff.goto('/admin/registrant/documents');
  await expect(staff.getByTestId('document-verification')).toBeVisible();
  await expect(staff.getByText(/dokumen menunggu verifikasi di sekolah Anda/)).toBeVisible();
  await expect(staff.getByTestId('document-preview')).toBeVisible();
  await expectAccessible(staff, '/admin/registrant/documents (queue)', ['main']);

  await staff.goto(`/admin/registrant/documents?id=${id}`);
  await expect(staff.getByTestId('registrant-facts')).toContainText(mine.registration_number);
  await expect(staff.getByTestId('document-image')).toBeVisible();
  const panel = staff.getByTestId('decision-panel');
  await staff.keyboard.press('r');
  const form = staff.getByTestId('reject-form');
  await expect(form).toBeVisible();
  // Without a reason nothing is sent.
  await form.getByRole('button', { name: 'Tolak dokumen' }).click();
  await expect(form.getByText('Alasan penolakan wajib dipilih.')).toBeVisible();
  await chooseOption(staff, /Alasan penolakan/, 'Foto/dokumen buram atau tidak terbaca');
  await form.getByLabel('Keterangan untuk orang tua (opsional)').fill('Nomor KK tidak terbaca');
  await expectAccessible(staff, '/admin/registrant/documents?id (reject form)', ['main']);
  await form.getByRole('button', { name: 'Tolak dokumen' }).click();
  await expect(staff.getByText('Dokumen ditolak. Orang tua sudah diberi tahu.')).toBeVisible();
  await expect(
    staff.getByText('Ditolak: Foto/dokumen buram atau tidak terbaca (Nomor KK tidak terbaca)'),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: /Terima/ })).toBeDisabled();

  // --- The parent, on the phone: the bell tells, and the replacement is three taps from the home page ---------
  const phone = await browser.newContext({ ...pixel7, baseURL: info.project.use.baseURL });
  const home = await phone.newPage();
  await loginAsParent(home, parent.email, parent.password);
  const bell = home.getByTestId('notification-bell');
  await bell.click();
  await expect(home.getByTestId('notification-list')).toContainText('Nomor KK tidak terbaca');
  await home.keyboard.press('Escape');

  // Tap 1: the registrant's detail; the rejected document is at the top with the school's reason.
  await home.getByRole('button', { name: 'Detail' }).first().click();
  await expect(home).toHaveURL(/\/registrant$/);
  const row = home.getByTestId('doc-kk');
  await expect(row.getByTestId('doc-state-kk')).toHaveText('Ditolak');
  await expect(row.getByTestId('doc-reason-kk')).toContainText(
    'Foto/dokumen buram atau tidak terbaca (Nomor KK tidak terbaca)',
  );
  await expectAccessible(home, '/registrant (a rejected document)', ['main']);
  // Taps 2 and 3: "Foto ulang" opens the camera, the shot is sent as it is taken.
  const camera = row.locator('input[type=file][capture="environment"]');
  await expect(camera).toHaveAttribute('accept', 'image/*');
  const shot = await cameraShot(home);
  await camera.setInputFiles({ name: 'kamera.png', mimeType: 'image/png', buffer: shot });
  await expect(row.getByTestId('doc-state-kk')).toHaveText('Menunggu verifikasi');

  // The shot was compressed on the phone before it was sent: a JPEG, far smaller than the camera's file.
  const states = await (
    await request.get(`/api/v1/registrant/document_states/${id}`, { headers: own })
  ).json();
  const kk = states.data.documents.find((d: { folder: string }) => d.folder === 'kk');
  expect(kk.versions[0]).toMatchObject({ version: 2, state: 'waiting', type: 'image/jpeg' });
  expect(kk.versions[0].size).toBeLessThan(shot.length / 2);
  expect(kk.versions[1]).toMatchObject({ version: 1, state: 'rejected' });
  await phone.close();

  // --- Staff: the list finds the registrant by its waiting document --------------------------------------------
  await staff.goto(`/admin/registrant?document_state=waiting&search=${mine.registration_number}`);
  await expect(staff.getByRole('combobox', { name: 'Status dokumen' })).toHaveValue(
    'Ada dokumen menunggu verifikasi',
  );
  await expect(staff.getByRole('row').filter({ hasText: mine.registration_number })).toHaveCount(1);

  // --- Staff: the new version waits; a accepts it, the old one stays in the history ----------------------------
  await staff.goto(`/admin/registrant/documents?id=${id}`);
  await expect(staff.getByTestId('document-image')).toBeVisible();
  await expect(staff.getByText('Riwayat versi')).toBeVisible();
  await expect(panel.getByRole('button', { name: /Terima/ })).toBeEnabled();
  await staff.keyboard.press('a');
  await expect(staff.getByText('Dokumen diterima.')).toBeVisible();
  const after = await (
    await request.get(`/api/v1/registrant/document_states/${id}`, { headers: own })
  ).json();
  expect(after.data.documents.find((d: { folder: string }) => d.folder === 'kk').state).toBe('accepted');
  await staff.context().close();
});
