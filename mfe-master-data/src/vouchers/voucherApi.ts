import { api } from '@psb/api-client/http';
import type { CreateVouchersRequest, Voucher } from '@psb/contracts/resources';

interface VouchersBody {
  success: true;
  message: string;
  data: Voucher[];
}

export const generateVouchers = (body: CreateVouchersRequest) =>
  api.post('mst_token/create', { json: body }).json<VouchersBody>();

export const resetVoucher = (token: string) =>
  api.post(`mst_token/reset/${encodeURIComponent(token)}`).json<{ success: true; message: string }>();
