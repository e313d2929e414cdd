import {
  changePasswordResponseSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  registerRequestSchema,
  verificationSchema,
  waitingRoomResponseSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES } from '../../lib/messages';
import { errorResponses } from '../../lib/route-options';
import { contextOf } from '../../service-context';
import {
  changeOwnPassword,
  forgotPassword,
  login,
  logout,
  register,
  resetPassword,
  verifyEmail,
} from './service';

const tags = ['auth'];

/** Sign-in, registration, password reset and change, e-mail verification, sign-out. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/public/login',
    {
      config: { access: 'public', admission: true },
      schema: {
        tags,
        summary: 'Sign in with e-mail or phone; type admin is for staff only',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses, 503: waitingRoomResponseSchema },
      },
    },
    (req) => login(app, contextOf(req), req.body),
  );

  app.post(
    '/public/register',
    {
      config: { access: 'public', admission: true },
      schema: {
        tags,
        summary: 'Create a parent account and sign it in',
        body: registerRequestSchema,
        response: { 201: loginResponseSchema, ...errorResponses, 503: waitingRoomResponseSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await register(app, contextOf(req), req.body)),
  );

  app.put(
    '/public/verification',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confirm an e-mail address',
        body: verificationSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      await verifyEmail(contextOf(req), req.body.token);
      return { success: true as const, message: AUTH_MESSAGES.verified };
    },
  );

  app.post(
    '/public/forgot_password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'E-mail a password reset link (same answer whether or not the account exists)',
        body: forgotPasswordSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      await forgotPassword(app, contextOf(req), req.body.username);
      return { success: true as const, message: AUTH_MESSAGES.forgotSent };
    },
  );

  app.put(
    '/public/change_password',
    {
      // Public because the reset-link case has no session; the signed-in case authenticates in the handler.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Change the password with a reset token, or with a Bearer token and the old password',
        // Either no credentials (reset token in the body) or a Bearer token.
        security: [{}, { bearerAuth: [] }],
        body: changePasswordSchema,
        response: { 200: changePasswordResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      const { reset_token, old_password, password } = req.body;
      if (reset_token !== undefined) {
        await resetPassword(app, contextOf(req), reset_token, password);
        return { success: true as const, message: AUTH_MESSAGES.passwordReset };
      }
      await app.authenticate(req);
      const token = await changeOwnPassword(app, contextOf(req), old_password ?? '', password);
      return { success: true as const, message: AUTH_MESSAGES.passwordChanged, token };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'user', allowDuringPasswordChange: true },
      schema: {
        tags,
        summary: 'Revoke the presented token',
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      await logout(contextOf(req));
      return { success: true as const, message: AUTH_MESSAGES.loggedOut };
    },
  );
};

export default authRoutes;
