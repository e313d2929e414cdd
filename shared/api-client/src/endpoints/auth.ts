import { endpoint } from '@psb/api-client/http';

const message = endpoint(() => import('@psb/contracts/auth').then((m) => m.messageResponseSchema));

/** Ends the server session of the current area; the caller clears the local one whatever happens. */
export const logout = () => message.post('logout');
