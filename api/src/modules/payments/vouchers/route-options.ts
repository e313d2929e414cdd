import { staffRouteOptions } from '../../../lib/route-options';

export const { read, insert, update, tags, security, errors } = staffRouteOptions('Token', 'mst_tokens');
