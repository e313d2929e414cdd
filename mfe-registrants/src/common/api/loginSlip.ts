import { api } from '@psb/api-client/http';

/** The login slip PDF; the temporary password travels in the body (never in a URL). */
export const fetchLoginSlip = (id: number, temporaryPassword: string | null) =>
  api
    .post(`registrant/login_slip/${id}`, {
      json: temporaryPassword ? { temporary_password: temporaryPassword } : {},
    })
    .blob();
