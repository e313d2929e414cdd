import type { MeResponse, UpdateProfileRequest, User } from '@psb/contracts';
import { api } from '../http/client';

export interface UpdateMeResponse {
  success: true;
  message: string;
  user: User;
}

export const getMe = () => api.get('me').json<MeResponse>();
export const updateMe = (body: UpdateProfileRequest) =>
  api.put('me', { json: body }).json<UpdateMeResponse>();
