import { endpoint } from '@psb/api-client/http';
import { messageResponseSchema } from '@psb/contracts/auth';
import { type CreateVouchersRequest, createVouchersResponseSchema } from '@psb/contracts/resources';

const created = endpoint(createVouchersResponseSchema);
const message = endpoint(messageResponseSchema);

export const generateVouchers = (body: CreateVouchersRequest) =>
  created.post('mst_token/create', { json: body });

export const resetVoucher = (token: string) => message.post(`mst_token/reset/${encodeURIComponent(token)}`);
