import { endpoint } from '@psb/api-client/http';
import {
  type Counselling,
  type CounsellingBody,
  counsellingResponseSchema,
  type HealthData,
  type HealthDataBody,
  healthDataResponseSchema,
} from '@psb/contracts/test-scoring';
import { type QueryClient, queryOptions } from '@tanstack/react-query';

/** A registrant's health data and counselling notes (the id is the registrant). */
const careKeys = {
  health: (id: number) => ['registrant-health', id] as const,
  counselling: (id: number) => ['registrant-counselling', id] as const,
};

const health = endpoint(healthDataResponseSchema);
const counselling = endpoint(counsellingResponseSchema);

export const fetchHealth = (id: number) => health.get(`registrant_health_data/${id}`).then((r) => r.data);
export const saveHealth = (id: number, body: HealthDataBody) =>
  health.put(`registrant_health_data/${id}`, { json: body });

export const fetchCounselling = (id: number) =>
  counselling.get(`registrant_bimbingan_konseling/${id}`).then((r) => r.data);
export const saveCounselling = (id: number, body: CounsellingBody) =>
  counselling.put(`registrant_bimbingan_konseling/${id}`, { json: body });

export const healthQuery = (id: number) =>
  queryOptions({ queryKey: careKeys.health(id), queryFn: () => fetchHealth(id) });
export const counsellingQuery = (id: number) =>
  queryOptions({ queryKey: careKeys.counselling(id), queryFn: () => fetchCounselling(id) });
export const storeHealth = (client: QueryClient, data: HealthData) =>
  client.setQueryData(healthQuery(data.registrant_id).queryKey, data);
export const storeCounselling = (client: QueryClient, data: Counselling) =>
  client.setQueryData(counsellingQuery(data.registrant_id).queryKey, data);
