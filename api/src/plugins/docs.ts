import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Access } from '../types';

const API_BASE = '/api/v1';

/**
 * A stable operationId from method and path: `GET /api/v1/public/content/{key}` → `getPublicContentByKey`.
 * Method and path identify a route, so the ids are unique without anyone having to name them.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(API_BASE, '')
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const param = /^[:{](\w+)}?$/.exec(part)?.[1];
      return param ? `by_${param}` : part;
    })
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const camel = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join('');
  return `${method.toLowerCase()}${camel}`;
}

/** Security of an operation from the access its route declares: public ones need none, the rest a token. */
const securityFor = (access: Access | undefined) => (access === 'public' ? [] : [{ bearerAuth: [] }]);

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The zod transform, plus what every operation must declare: an operationId and its security. Routes outside
 * the api (static files, the remotes' registry) are not part of the contract and stay out of the document.
 */
function transform(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const access = input.route.config?.access as Access | undefined;
  if (!input.url.startsWith(`${API_BASE}/`) || !access)
    return { ...out, schema: { ...out.schema, hide: true } };
  const methods = [input.route.method].flat().filter((m) => m !== 'HEAD');
  const { schema } = out;
  return {
    ...out,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdFor(String(methods[0] ?? 'get'), input.url),
      security: schema.security ?? securityFor(access),
    },
  };
}

/** OpenAPI generated from the zod contracts: UI at /api/docs, JSON at /api/docs/json. */
export default fp(
  async function docs(app: FastifyInstance, { version }: { version: string }) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'PSB platform API',
          description:
            'Admissions and fee payment for school foundations. The tenant comes from the host name (or the X-Tenant header). ' +
            'Errors are `{ success: false, message, errors? }`.',
          version,
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: (header) => header.replace(/upgrade-insecure-requests;?/, '').trim(),
    });
  },
  { name: 'docs' },
);
