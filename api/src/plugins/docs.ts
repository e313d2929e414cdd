import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: (header) => header.replace(/upgrade-insecure-requests;?/, '').trim(),
    });
  },
  { name: 'docs' },
);
