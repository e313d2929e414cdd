import { errorResponseSchema } from '@psb/contracts';
import { z } from 'zod';
import { idSchema } from '../../lib/ids';

/** What every Penilaian Tes route declares: its module permission, OpenAPI tag, auth and error answers. */
const M = 'Penilaian Tes';
export const read = { access: { module: M, action: 'read' } } as const;
export const update = { access: { module: M, action: 'update' } } as const;
export const tags = ['test-scoring'];
export const security = [{ bearerAuth: [] }];
export const errors = { '4xx': errorResponseSchema };
export const params = z.object({ id: idSchema });
