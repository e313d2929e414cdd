import { endpoint, PUBLIC_FIRST_PAGE_KEY } from '@psb/api-client/http';
import {
  type ConfigListTable,
  type ConfigName,
  type ConfigValue,
  configResponseSchema,
  configSavedResponseSchema,
  welcomeImageResponseSchema,
} from '@psb/contracts/content';
import { type QueryClient, queryOptions } from '@tanstack/react-query';

/** A named config's answer (zod cannot name the type of a schema chosen by a type parameter). */
export interface ConfigAnswer<N extends ConfigName> {
  success: true;
  name: N;
  data: ConfigValue<N>;
  message?: string;
}

export const getConfig = <N extends ConfigName>(name: N) =>
  endpoint(configResponseSchema(name)).get(`config/${name}`) as Promise<ConfigAnswer<N>>;

export const putConfig = <N extends ConfigName>(name: N, data: ConfigValue<N>) =>
  endpoint(configSavedResponseSchema(name)).put(`config/${name}`, { json: { data } }) as Promise<
    ConfigAnswer<N> & { message: string }
  >;

export const deleteConfigItem = <T extends ConfigListTable>(table: T, id: number) =>
  endpoint(configSavedResponseSchema(table)).delete(`config/delete/${table}/${id}`) as Promise<
    ConfigAnswer<T> & { message: string }
  >;

const welcomeImage = endpoint(welcomeImageResponseSchema);
export const uploadWelcomeImage = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return welcomeImage.post('config/welcome/image', { body });
};

export const configQuery = <N extends ConfigName>(name: N) =>
  queryOptions({ queryKey: ['config', name] as const, queryFn: () => getConfig(name) });

/** The public answers that show this content are stale after a save. */
export const invalidatePublicPage = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: PUBLIC_FIRST_PAGE_KEY });
