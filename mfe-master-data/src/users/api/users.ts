import { endpoint } from '@psb/api-client/http';
import { userResetResponseSchema } from '@psb/contracts/resources';

/** A staff account's password reset: the answer carries the temporary password, shown once. */
const reset = endpoint(userResetResponseSchema);

export const resetPassword = (id: number) => reset.post(`user/reset/${id}`);
