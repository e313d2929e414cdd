import multipart from '@fastify/multipart';
import {
  type Action,
  CONFIG_ENTRIES,
  CONFIG_LIST_TABLES,
  CONFIG_NAMES,
  CONTENT_MESSAGES,
  type ConfigName,
  configBatchSchema,
  configResponseSchema,
  configSavedResponseSchema,
  configsResponseSchema,
  messageResponseSchema,
  welcomeImageResponseSchema,
} from '@psb/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StorageAdapter } from '../../integrations/storage';
import { binaryResponse } from '../../lib/binary-response';
import { forbidden, HttpError } from '../../lib/http-error';
import { idParamsSchema, idSchema } from '../../lib/ids';
import { sendRaw } from '../../lib/raw-reply';
import { staffRouteOptions } from '../../lib/route-options';
import { staffMay } from '../../lib/staff-may';
import { CONTENT_IMAGE_MAX_BYTES, imageUpload, openContentImage, storeContentImage } from './images';
import { kickDelivery } from './notifications/outbox';
import { deleteConfigItem, readConfig, readConfigs, saveConfig, saveConfigs } from './service';
import { sendTestOverview } from './test-overview';

export interface ContentOptions {
  storage: StorageAdapter;
}

const konfigurasi = staffRouteOptions('Konfigurasi', 'config');
const { tags, security, errors } = konfigurasi;
/** The routes of one named config are guarded by that config's module. */
const configRoute = (name: ConfigName) => staffRouteOptions(CONFIG_ENTRIES[name].module, 'config');

/** The caller's flag on a config's module (the batch call spans several modules). */
const may = (req: FastifyRequest, name: ConfigName, action: Action) =>
  staffMay(req.auth!, CONFIG_ENTRIES[name].module, action);

/**
 * Staff-edited content: one GET and one PUT per named config (guarded by that config's module), the whole
 * set for the Konfigurasi screen, several at once (batch), item deletion for the lists and the home image.
 * Every text is stripped of HTML before it is stored; the public pages read it through /public/first_page.
 */
const contentRoutes: FastifyPluginAsyncZod<ContentOptions> = async (app, { storage }) => {
  await app.register(multipart, {
    limits: { fileSize: CONTENT_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });

  for (const name of CONFIG_NAMES) {
    const { label } = CONFIG_ENTRIES[name];
    const access = configRoute(name);
    app.get(
      `/config/${name}`,
      {
        config: access.read,
        schema: {
          tags,
          summary: `${label} (config ${name})`,
          security,
          response: { 200: configResponseSchema(name), ...errors },
        },
      },
      async (req) => ({ success: true as const, name, data: await req.db((c) => readConfig(c, name)) }),
    );
    app.put(
      `/config/${name}`,
      {
        config: access.update,
        schema: {
          tags,
          summary: `Save ${label} (config ${name}, body { data }); HTML in texts is removed`,
          security,
          body: z.object({ data: z.unknown() }),
          response: { 200: configSavedResponseSchema(name), ...errors },
        },
      },
      async (req) => {
        const data = await req.tx((c) => saveConfig(c, req.auth!.user.id, name, req.body.data));
        return { success: true as const, name, data, message: CONTENT_MESSAGES.saved };
      },
    );
  }

  // Any name: every config of the catalogue answers above (a static path wins); this answers the rest, so a
  // name the catalogue does not know is told apart from a wrong address.
  app.get(
    '/config/:name',
    {
      config: konfigurasi.read,
      schema: {
        tags,
        summary: 'A named config by its name (each catalogued name also has its own path above)',
        security,
        params: z.object({ name: z.string().max(60, CONTENT_MESSAGES.unknownConfig) }),
        response: {
          200: z.object({ success: z.literal(true), name: z.string(), data: z.unknown() }),
          ...errors,
        },
      },
    },
    async (req) => {
      const name = req.params.name as ConfigName;
      if (!CONFIG_NAMES.includes(name)) throw new HttpError(404, CONTENT_MESSAGES.unknownConfig);
      if (!may(req, name, 'read')) throw forbidden();
      return { success: true as const, name, data: await req.db((c) => readConfig(c, name)) };
    },
  );

  app.get(
    '/configs',
    {
      config: konfigurasi.read,
      schema: {
        tags,
        summary: 'Every named config the caller may read',
        security,
        response: { 200: configsResponseSchema, ...errors },
      },
    },
    async (req) => {
      const names = CONFIG_NAMES.filter((n) => may(req, n, 'read'));
      return { success: true as const, data: await req.db((c) => readConfigs(c, names)) };
    },
  );

  app.post(
    '/config/batch',
    {
      config: konfigurasi.update,
      schema: {
        tags,
        summary: 'Save several named configs at once (each needs update on its own module)',
        security,
        body: configBatchSchema,
        response: { 200: configsResponseSchema.extend({ message: z.string() }), ...errors },
      },
    },
    async (req) => {
      const names = Object.keys(req.body);
      const unknown = names.filter((n) => !(CONFIG_NAMES as string[]).includes(n));
      if (unknown.length)
        throw new HttpError(400, `${CONTENT_MESSAGES.unknownConfig} (${unknown.join(', ')})`);
      if (names.length === 0) throw new HttpError(400, 'Tidak ada konfigurasi yang disimpan.');
      if (!(names as ConfigName[]).every((n) => may(req, n, 'update'))) throw forbidden();
      const data = await req.tx((c) => saveConfigs(c, req.auth!.user.id, req.body));
      return { success: true as const, data, message: CONTENT_MESSAGES.saved };
    },
  );

  for (const table of CONFIG_LIST_TABLES) {
    app.delete(
      `/config/delete/${table}/:id`,
      {
        config: configRoute(table).remove,
        schema: {
          tags,
          summary: `Delete one item of ${CONFIG_ENTRIES[table].label} by its id`,
          security,
          params: idParamsSchema,
          response: { 200: configSavedResponseSchema(table), ...errors },
        },
      },
      async (req) => {
        const data = await req.tx((c) => deleteConfigItem(c, req.auth!.user.id, table, req.params.id));
        return { success: true as const, name: table, data, message: CONTENT_MESSAGES.deleted };
      },
    );
  }

  // The generic delete answers for the list configs above and for the tables of the resource catalogue (each
  // with that resource's module, registered by the engine); any other name is refused, never looked up.
  app.delete(
    '/config/delete/:table/:id',
    {
      config: konfigurasi.remove,
      schema: {
        tags,
        summary:
          'Delete by table name: faq and guide items, and the catalogued master tables (e.g. /config/delete/mst_rooms/{id}); any other name is 404',
        security,
        params: z.object({ table: z.string().max(60), id: idSchema }),
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async () => {
      throw new HttpError(404, CONTENT_MESSAGES.unknownTable);
    },
  );

  app.post(
    '/config/test_overview/:id',
    {
      config: configRoute('test_overview').update,
      schema: {
        tags,
        summary: "Send the test overview to one registrant's parent (once per text)",
        security,
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const sent = await req.tx((c) => sendTestOverview(c, req.params.id));
      if (sent === 'sent') await kickDelivery(req.server.ctx.jobs, req.tenant.id);
      return {
        success: true as const,
        message:
          sent === 'sent'
            ? 'Ringkasan tes dikirim ke orang tua.'
            : 'Ringkasan tes ini sudah pernah dikirim ke orang tua calon murid ini.',
      };
    },
  );

  app.post(
    '/config/welcome/image',
    {
      config: staffRouteOptions('Beranda', 'config').update,
      schema: {
        tags,
        summary: 'Upload the home page picture (multipart field file; JPG, PNG or WEBP, at most 5 MB)',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: welcomeImageResponseSchema, ...errors },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new HttpError(415, CONTENT_MESSAGES.imageMissing);
      const raw = await imageUpload(await req.file());
      const image = await storeContentImage(storage, req.tenant.id, raw, 1600);
      await req.tx(async (c) => {
        const welcome = await readConfig(c, 'welcome');
        await saveConfig(c, req.auth!.user.id, 'welcome', { ...welcome, image });
      });
      return { success: true as const, image, message: CONTENT_MESSAGES.saved };
    },
  );

  app.get(
    '/public/content_image/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'A picture of the public content (home image, document logos and signatures)',
        params: z.object({
          file: z.string().regex(/^[0-9a-f]{40}\.png$/, { error: 'Gambar tidak ditemukan.' }),
        }),
        produces: ['image/png'],
        response: { 200: binaryResponse('The picture', ['image/png']), ...errors },
      },
    },
    async (req, reply) => {
      const obj = await openContentImage(storage, req.tenant.id, req.params.file);
      if (!obj) throw new HttpError(404, 'Gambar tidak ditemukan.');
      // Named by their content hash: a file never changes.
      return sendRaw(
        reply,
        {
          'content-type': 'image/png',
          'content-length': obj.size,
          'cache-control': 'public, max-age=31536000, immutable',
        },
        obj.stream,
      );
    },
  );
};

export default contentRoutes;
