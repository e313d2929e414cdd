import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { sampleAnswers } from '@psb/contracts';
import { loginAsParent } from '../support/accounts';
import { publishedBill } from '../support/bills';
import { ownPeriod, registrantIn } from '../support/own-period';

/**
 * The entry fee is billed to the whole period before the announcement; on the parent's home card only the
 * accepted child shows it (with "Pembayaran" as the current step). The rejected child's card shows neither
 * the bill nor a payment step.
 */
const run = Date.now().toString(36);

async function decided(
  request: APIRequestContext,
  r: Awaited<ReturnType<typeof registrantIn>>,
  result: 'Diterima' | 'Tidak Diterima',
  typeName: string,
) {
  const login = await (
    await request.post('/api/v1/public/login', {
      data: { username: r.parent.email, password: r.parent.password },
    })
  ).json();
  const parent = { Authorization: `Bearer ${login.token}` };
  const staff = { Authorization: `Bearer ${r.staffToken}` };
  const ok = async (res: Awaited<ReturnType<APIRequestContext['get']>>) =>
    expect(res.ok(), await res.text()).toBe(true);
  await ok(
    await request.post('/api/v1/registrant_answer', {
      headers: parent,
      data: { registrant_id: r.registrantId, data: { ...sampleAnswers(), '1': `Ananda ${result} ${run}` } },
    }),
  );
  await ok(await request.post(`/api/v1/registrant/submit/${r.registrantId}`, { headers: parent, data: {} }));
  await ok(await request.put(`/api/v1/registrant/verify/${r.registrantId}`, { headers: staff, data: {} }));
  await publishedBill(request, r.staffToken, r.registrantId, {
    cost: 2_400_000,
    typeName,
    atGraduation: true,
  });
  const statuses = (await (await request.get('/api/v1/mst_accepted_statuses', { headers: staff })).json())
    .data as { id: number; name: string }[];
  const status = statuses.find((s) => s.name === result)!;
  await ok(
    await request.post(`/api/v1/registrant/publish/${r.registrantId}`, {
      headers: staff,
      data: { mst_accepted_status_id: status.id },
    }),
  );
}

async function homeCard(page: Page, r: Awaited<ReturnType<typeof registrantIn>>) {
  await loginAsParent(page, r.parent.email, r.parent.password);
  const card = page.getByTestId('registrant-card');
  await expect(card.getByTestId('graduation-panel')).toBeVisible();
  return card;
}

test('only the accepted child is asked for the entry fee on the home card', async ({ browser, request }) => {
  test.slow();
  const period = await ownPeriod(request, `Gelombang Uang Pangkal ${run}`);
  const accepted = await registrantIn(request, period);
  const rejected = await registrantIn(request, period);
  const fee = (who: string) => `Uang Pangkal ${who} ${run}`;
  await decided(request, accepted, 'Diterima', fee('A'));
  await decided(request, rejected, 'Tidak Diterima', fee('B'));

  const acceptedPage = await (await browser.newContext()).newPage();
  const a = await homeCard(acceptedPage, accepted);
  await expect(a.getByTestId('graduation-result')).toHaveText('Diterima');
  await expect(a.getByTestId('graduation-panel')).toContainText(fee('A'));
  await expect(a.locator('[data-step="payment"]')).toHaveAttribute('data-state', 'current');

  const rejectedPage = await (await browser.newContext()).newPage();
  const b = await homeCard(rejectedPage, rejected);
  await expect(b.getByTestId('graduation-result')).toHaveText('Tidak Diterima');
  await expect(b.getByTestId('graduation-panel')).not.toContainText(fee('B'));
  await expect(b.locator('[data-step="payment"]')).toHaveCount(0);
  await expect(b.locator('[data-step="result"]')).toHaveAttribute('data-state', 'done');
  await expect(b.getByTestId('next-step')).toContainText('belum diterima');
  // Nor on the registrant page, where bills are paid.
  await b.getByRole('button', { name: 'Detail' }).click();
  await expect(rejectedPage).toHaveURL(/\/registrant$/);
  await expect(rejectedPage.getByTestId('graduation-result')).toHaveText('Tidak Diterima');
  await expect(rejectedPage.getByText(fee('B'))).toHaveCount(0);
});
