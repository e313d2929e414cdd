import { bootEndpoint } from '@psb/api-client/http';
import type { themeResponseSchema } from '@psb/contracts/public';

/** GET public/theme at boot: typed from the contract, not parsed (zod stays off the first load). */
const theme = bootEndpoint<typeof themeResponseSchema>();

export const getTheme = () => theme.get('public/theme');
