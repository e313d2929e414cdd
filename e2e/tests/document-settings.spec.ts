import { expect, test } from '@playwright/test';
import { bearer, DEMO, loginAsAdmin } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { chooseOption } from '../support/select';

/**
 * Staff set the documents a school requires and add and remove a rejection reason of their own. The school's
 * requirements are put back as they were at the end: other specs verify registrants of the same school.
 */
const RUN = Date.now().toString(36);

test('staff set a school’s required documents and manage the rejection reasons', async ({
  page,
  request,
}) => {
  const admin = await bearer(request, DEMO.superadmin.username, DEMO.superadmin.password, 'admin');
  const school = (await (await request.get('/api/v1/public/school')).json()).data.find(
    (s: { name: string }) => s.name === 'SMP Harapan Bangsa',
  );
  expect(school).toBeTruthy();
  const url = `/api/v1/registrant/document_requirements/${school.id}`;
  const before = (await (await request.get(url, { headers: admin })).json()).data.folders as string[];

  try {
    await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await page.goto('/admin/registrant/documents');
    await page.getByRole('link', { name: 'Pengaturan dokumen' }).click();
    await expect(page.getByRole('heading', { name: 'Pengaturan Dokumen', level: 1 })).toBeVisible();

    // --- Required documents of one school ------------------------------------------------------------------
    const required = page.getByTestId('required-documents');
    await chooseOption(page, /^Sekolah/, 'SMP Harapan Bangsa');
    const akta = required.getByRole('checkbox', { name: 'Akta kelahiran' });
    const kk = required.getByRole('checkbox', { name: 'Kartu keluarga' });
    await expect(akta).toBeVisible();
    if (await akta.isChecked()) await akta.uncheck();
    if (!(await kk.isChecked())) await kk.check();
    await expectAccessible(page, '/admin/registrant/document_settings', ['main']);
    await required.getByRole('button', { name: 'Simpan dokumen wajib' }).click();
    await expect(page.getByText('Dokumen wajib sekolah disimpan.')).toBeVisible();
    const saved = (await (await request.get(url, { headers: admin })).json()).data.folders as string[];
    expect(saved).toContain('kk');
    expect(saved).not.toContain('akta');

    // --- A reason of the foundation's own: empty is refused, then added, then removed after a confirmation ---
    const reasons = page.getByTestId('reject-reasons');
    await expect(reasons.getByText('Bawaan').first()).toBeVisible();
    await reasons.getByRole('button', { name: 'Tambah' }).click();
    await expect(reasons.getByText('Alasan wajib diisi.')).toBeVisible();
    const label = `Nama pada dokumen berbeda ${RUN}`;
    await reasons.getByLabel('Alasan baru').fill(label);
    await reasons.getByRole('button', { name: 'Tambah' }).click();
    await expect(reasons.getByText(label)).toBeVisible();
    await reasons.getByRole('button', { name: `Hapus alasan ${label}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Hapus alasan penolakan?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, '/admin/registrant/document_settings (remove a reason)', [
      '[role="dialog"]',
    ]);
    await dialog.getByRole('button', { name: 'Ya, hapus' }).click();
    await expect(reasons.getByText(label)).toBeHidden();
    const left = (await (await request.get('/api/v1/registrant/document_reasons', { headers: admin })).json())
      .data as { label: string }[];
    expect(left.map((r) => r.label)).not.toContain(label);
  } finally {
    const restored = await request.put(url, { headers: admin, data: { folders: before } });
    expect(restored.status()).toBe(200);
  }
});
