import { type APIRequestContext, expect } from '@playwright/test';

// biome-ignore lint/suspicious/noExplicitAny: answers of calls set up for the test, read field by field
const json = async (res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<any> => {
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
};

/**
 * A payment type of its own and a published bill of `cost` for the registrant, made as staff would
 * (`atGraduation`: shown with the graduation result, as the entry fee is).
 */
export async function publishedBill(
  request: APIRequestContext,
  staffToken: string,
  registrantId: number,
  { cost, typeName, atGraduation = false }: { cost: number; typeName: string; atGraduation?: boolean },
) {
  const headers = { Authorization: `Bearer ${staffToken}` };
  const code = typeName.replace(/[^A-Za-z0-9]/g, '').slice(0, 30);
  const type = await json(
    await request.post('/api/v1/mst_type_payment', { headers, data: { name: typeName, code } }),
  );
  const bill = await json(
    await request.post(`/api/v1/registrant/payment/${registrantId}`, {
      headers,
      data: { mst_type_payment_id: type.data.id, cost, is_submit: true, show_at_graduation: atGraduation },
    }),
  );
  return { typeId: type.data.id as number, billId: bill.data.id as number, headers };
}
