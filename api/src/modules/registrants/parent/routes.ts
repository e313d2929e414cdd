import {
  assistedResponseSchema,
  completeRegistrantResponseSchema,
  createRegistrantBodySchema,
  errorResponseSchema,
  messageResponseSchema,
  REGISTRANT_MSG,
  registrantListResponseSchema,
  registrantResponseSchema,
  registrationNumberParamsSchema,
  registrationStatusRequestSchema,
  registrationStatusResponseSchema,
  SURVEY_MSG,
  saveAnswersResponseSchema,
  saveAnswersSchema,
  submitErrorResponseSchema,
  submitRegistrantSchema,
  submitResponseSchema,
  withdrawRegistrantSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../../../lib/http-error';
import { idParamsSchema } from '../../../lib/ids';
import { keptPerVersion } from '../../../lib/kept-per-version';
import { staffRouteOptions } from '../../../lib/route-options';
import { tooMany } from '../../../plugins/rate-limit';
import { contextOf } from '../../../service-context';
import { kickDelivery } from '../../content';
import { placeRegistrantAuto } from '../../tests';
import { staffMayRead } from '../access';
import { submitted } from '../after-submission';
import assistedRoutes from '../assisted/routes';
import { registerAssisted } from '../assisted/service';
import familyRoutes from '../family/routes';
import { submissionReceipt } from './receipt';
import {
  completeSurvey,
  createRegistrant,
  getRegistrant,
  listOwnRegistrants,
  registrantByNumber,
  saveAnswers,
  statusByNumber,
  submitRegistrant,
  withdrawRegistrant,
} from './service';

const tags = ['registrants'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': errorResponseSchema };

/** Per client IP per minute for the public registration-number check (it must not become an oracle). */
const STATUS_CHECKS_PER_MINUTE = 20;

/** The parent's registrants: always only the caller's own (another's id → 404). */
const registrantRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(assistedRoutes);
  await app.register(familyRoutes);
  // Results day: everyone checks at once; answers are kept until a registrant or result changes (misses never).
  const statusAnswers = keptPerVersion<Awaited<ReturnType<typeof statusByNumber>>>('results', {
    entries: 20_000,
    size: 20_000,
  });

  app.post(
    '/registrant',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Add a registrant: a parent with a voucher (token + account password, school, period, class), or staff with Calon Murid insert for a walk-in parent (`mode`: with or without an account)',
        security,
        body: createRegistrantBodySchema,
        response: { 201: registrantResponseSchema.or(assistedResponseSchema), ...errors },
      },
    },
    async (req, reply) => {
      const body = req.body;
      if ('mode' in body) {
        const done = await registerAssisted(app, contextOf(req), req.auth!, body);
        return reply.status(201).send({ success: true, ...done });
      }
      const data = await createRegistrant(app, contextOf(req), req.auth!, body);
      return reply.status(201).send({ success: true, message: REGISTRANT_MSG.created, data });
    },
  );

  app.get(
    '/registrants',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's registrants with school, period, class, status and missing answers",
        security,
        response: { 200: registrantListResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => listOwnRegistrants(c, req.auth!.user.id)),
    }),
  );

  app.get(
    '/registrant/user/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Registrants of a user account (a parent: only their own id; staff with Calon Murid read: any)',
        security,
        params: idParamsSchema,
        response: { 200: registrantListResponseSchema, ...errors },
      },
    },
    async (req) => {
      const auth = req.auth!;
      if (req.params.id !== auth.user.id && !staffMayRead(auth)) throw notFound();
      return { success: true as const, data: await req.db((c) => listOwnRegistrants(c, req.params.id)) };
    },
  );

  app.get(
    '/registrant/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'One registrant with its answers (question_answer: question number → answer)',
        security,
        params: idParamsSchema,
        response: { 200: registrantResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => getRegistrant(c, req.auth!, req.params.id)),
    }),
  );

  app.get(
    '/registrant/registration_number/:n',
    {
      config: staffRouteOptions('Calon Murid', 'registrants').read,
      schema: {
        tags,
        summary: 'One registrant by its registration number (staff; the same answer as GET /registrant/{id})',
        security,
        params: registrationNumberParamsSchema,
        response: { 200: registrantResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => registrantByNumber(c, req.auth!, req.params.n)),
    }),
  );

  app.post(
    '/registrant_answer',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Autosave one page of answers (validated against the survey; null deletes an answer)',
        security,
        body: saveAnswersSchema,
        response: { 200: saveAnswersResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { registrant_id: id, data } = req.body;
      const updatedAt = await req.db((c) => saveAnswers(c, req.auth!.user.id, id, data));
      return {
        success: true as const,
        message: REGISTRANT_MSG.saved,
        registrant_id: id,
        updated_at: updatedAt,
      };
    },
  );

  app.post(
    '/registrant/complete/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Mark the survey completed (the parent then reviews and presses Submit on the home page)',
        security,
        params: idParamsSchema,
        response: { 200: completeRegistrantResponseSchema, ...errors },
      },
    },
    async (req) => {
      const missing = await req.tx((c) => completeSurvey(c, req.auth!, req.params.id));
      return {
        success: true as const,
        message: REGISTRANT_MSG.completed,
        missing_count: missing.length,
        missing,
      };
    },
  );

  app.post(
    '/registrant/submit/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Submit (the parent, or staff with Calon Murid update on their behalf): refused with the missing required answers, else submitted and locked',
        security,
        params: idParamsSchema,
        body: submitRegistrantSchema,
        response: { 200: submitResponseSchema, '4xx': submitErrorResponseSchema },
      },
    },
    async (req, reply) => {
      const generate = req.body?.generate_schedule === true;
      const result = await req.tx(async (c) => {
        const r = await submitRegistrant(c, req.auth!, req.params.id);
        if (!r.ok) return r;
        // Seats in the period's scheduled tests, in the same transaction (a full session leaves it unseated).
        if (generate) await placeRegistrantAuto(c, req.params.id, req.auth!.user.id);
        return { ...r, receipt: await submissionReceipt(c, req.params.id) };
      });
      if (result.ok) void kickDelivery(app.ctx.jobs, req.tenant.id);
      // After the commit, so what other modules add (the form-fee bill) sees the submission.
      if (result.ok)
        await submitted(app.ctx, req.tenant.id, req.params.id, (err) =>
          req.log.error({ err }, 'after submission'),
        );
      if (!result.ok) {
        const labels = result.missing.map((m) => m.label);
        const shown = labels.slice(0, 5).join(', ') + (labels.length > 5 ? ', …' : '');
        return reply.status(400).send({
          success: false,
          message: `${REGISTRANT_MSG.missing(result.missing.length)} ${shown}`,
          errors: Object.fromEntries(result.missing.map((m) => [String(m.no), SURVEY_MSG.required])),
          missing: result.missing,
        });
      }
      return { success: true as const, message: REGISTRANT_MSG.submitted, receipt: result.receipt };
    },
  );

  app.post(
    '/registrant/withdraw/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Withdraw an application staff have not verified (kept, leaves the list; its voucher is released for the same account)',
        security,
        params: idParamsSchema,
        body: withdrawRegistrantSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await withdrawRegistrant(contextOf(req), req.auth!, req.params.id, req.body?.reason || null);
      return { success: true as const, message: REGISTRANT_MSG.withdrawn };
    },
  );

  app.post(
    '/public/registrant/status',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "Public status check by registration number and the child's birth date: masked name and status",
        body: registrationStatusRequestSchema,
        response: { 200: registrationStatusResponseSchema, ...errors },
      },
    },
    async (req) => {
      const hit = await app.rateLimit.hit(`regno:ip:${req.ip}`, 60);
      if (hit.count > STATUS_CHECKS_PER_MINUTE) throw tooMany(hit.retryAfter, 'permintaan');
      const { registration_number: n, birth_date: d } = req.body;
      const data = await statusAnswers(req, `${n.trim().toUpperCase()}|${d}`, (c) => statusByNumber(c, n, d));
      return { success: true as const, data };
    },
  );

  // The number alone would tell anyone a child's name and progress: the check needs the birth date too, which
  // never goes into a URL (logs, history). This call is answered with what to send instead, and looks nothing up.
  app.get(
    '/public/registrant/registration_number/:n',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Always 400 asking for the birth date: the status check is POST /public/registrant/status (number and birth date)',
        params: registrationNumberParamsSchema,
        // The status itself comes only from the POST; its shape is declared so the document says what it is.
        response: {
          200: registrationStatusResponseSchema.describe(
            'Never sent here: the answer of the POST status check',
          ),
          400: errorResponseSchema,
          ...errors,
        },
      },
    },
    async () => {
      throw new HttpError(400, REGISTRANT_MSG.statusNeedsBirthDate, {
        birth_date: 'Tanggal lahir wajib diisi.',
      });
    },
  );
};

export default registrantRoutes;
