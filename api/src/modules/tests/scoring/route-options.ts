import { z } from 'zod';
import { idSchema } from '../../../lib/ids';
import { staffRouteOptions } from '../../../lib/route-options';

export const { read, update, tags, security, errors } = staffRouteOptions('Penilaian Tes', 'test-scoring');
export const params = z.object({ id: idSchema });
