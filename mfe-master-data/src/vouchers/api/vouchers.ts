import { api, endpoint } from '@psb/api-client/http';
import { messageResponseSchema } from '@psb/contracts/auth';
import { type CreateVouchersRequest, createVouchersResponseSchema } from '@psb/contracts/resources';
import { type ListParams, listSearchParams } from '@psb/resource-ui';

const created = endpoint(createVouchersResponseSchema);
const message = endpoint(messageResponseSchema);

export const generateVouchers = (body: CreateVouchersRequest) =>
  created.post('mst_token/create', { json: body });

export const resetVoucher = (token: string) => message.post(`mst_token/reset/${encodeURIComponent(token)}`);

/** The vouchers the list currently selects, as an A4 PDF of cut-out slips. */
export const fetchVoucherSlips = (params: Omit<ListParams, 'page'>) =>
  api.get('mst_tokens/slips', { searchParams: listSearchParams(params), timeout: false }).blob();
