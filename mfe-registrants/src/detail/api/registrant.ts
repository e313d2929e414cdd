import { api, endpoint } from '@psb/api-client/http';
import { messageResponseSchema } from '@psb/contracts/auth';
import { billDetailResponseSchema, type CreateBill } from '@psb/contracts/payments';
import { informationDetailResponseSchema, registrantResponseSchema } from '@psb/contracts/registrants-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { registrantKeys } from '../../common/api/registrants';

/** One registrant seen by staff: the record, the information detail and the actions on it. */
const one = endpoint(registrantResponseSchema);
const info = endpoint(informationDetailResponseSchema);
const message = endpoint(messageResponseSchema);

export const fetchRegistrant = (id: number) => one.get(`registrant/${id}`).then((r) => r.data);
export const registrantQuery = (id: number) =>
  queryOptions({ queryKey: registrantKeys.one(id), queryFn: () => fetchRegistrant(id) });
export const useRegistrant = (id: number, enabled: boolean) => useQuery({ ...registrantQuery(id), enabled });

export const fetchInformation = (id: number) =>
  info.get(`registrant/information_detail/${id}`).then((r) => r.data);
export const informationQuery = (id: number) =>
  queryOptions({ queryKey: registrantKeys.info(id), queryFn: () => fetchInformation(id) });
export const useInformation = (id: number, enabled: boolean) =>
  useQuery({ ...informationQuery(id), enabled });

/** Verify; `overrideReason` when staff verify although required documents are not accepted. */
export const verify = (id: number, overrideReason?: string) =>
  message.put(`registrant/verify/${id}`, { json: overrideReason ? { override_reason: overrideReason } : {} });
export const openForm = (id: number, reason: string) =>
  message.put(`registrant/open_form/${id}`, { json: { reason } });
export const submitOnBehalf = (id: number) => message.post(`registrant/submit/${id}`, { json: {} });
export const archive = (id: number) => message.delete(`registrant/${id}`);
export const restore = (id: number) => message.post(`registrant/restore/${id}`);
/** The tenant's test overview to this registrant's parent (once per text). */
export const sendTestOverview = (id: number) => message.post(`config/test_overview/${id}`);
export const moveClass = (id: number, mst_class_id: number) =>
  message.post(`registrant/mutation/${id}`, { json: { mst_class_id } });

/** One bill of a payment type for this registrant, through the same route as the bills screen. */
const bill = endpoint(billDetailResponseSchema);
export const billRegistrant = (id: number, body: CreateBill) =>
  bill.post(`registrant/payment/${id}`, { json: body });

/** One uploaded document, fetched with the staff token (never a public link). */
export const fetchDocument = (id: number, folder: string) =>
  api.get(`registrant/file/${id}/${folder}`).blob();
