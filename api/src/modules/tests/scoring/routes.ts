import {
  errorResponseSchema,
  scoreSheetResponseSchema,
  sessionQuerySchema,
  subjectScoreBodySchema,
  TEST_SCORE_MSG,
  testScoreBatchResponseSchema,
  testScoreBatchSchema,
  testScoreInvalidResponseSchema,
  testScoreListResponseSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionScores } from './repository';
import { errors, params, read, security, tags, update } from './route-options';
import careRoutes from './routes-care';
import exportRoutes from './routes-export';
import { saveScores, saveSubjectScore, scoreSheet } from './service';

/**
 * Scoring a test session (Penilaian Tes): the grid of a session, batches of cells saved as staff type, one
 * cell, health data and counselling notes per registrant, and the spreadsheets of seats and scores.
 */
const testScoringRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/registrant_tests/score',
    {
      config: read,
      schema: {
        tags,
        summary: 'The scoring grid of a session: subjects with their ranges, seats with their scores',
        security,
        querystring: sessionQuerySchema,
        response: { 200: scoreSheetResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => scoreSheet(c, req.query.mst_test_detail_id)),
    }),
  );

  app.get(
    '/registrant_test_scores',
    {
      config: read,
      schema: {
        tags,
        summary: "A session's scores, one row per seat and subject",
        security,
        querystring: sessionQuerySchema,
        response: { 200: testScoreListResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => sessionScores(c.db, c.tenantId, req.query.mst_test_detail_id)),
    }),
  );

  app.post(
    '/registrant_test_score',
    {
      config: update,
      schema: {
        tags,
        summary:
          'Save many score cells at once (all or nothing; sending the same batch again changes nothing)',
        security,
        body: testScoreBatchSchema,
        response: {
          200: testScoreBatchResponseSchema,
          400: testScoreInvalidResponseSchema.or(errorResponseSchema),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const result = await req.tx((c) => saveScores(c, req.auth!.user.id, req.body.scores));
      if ('cells' in result) return reply.status(400).send(result);
      return { success: true as const, message: TEST_SCORE_MSG.saved(result.saved), saved: result.saved };
    },
  );

  app.put(
    '/registrant_subject_score/:id',
    {
      config: update,
      schema: {
        tags,
        summary: 'Save one subject score of a seat (the id is the seat, registrant_test)',
        security,
        params,
        body: subjectScoreBodySchema,
        response: { 200: testScoreBatchResponseSchema, ...errors },
      },
    },
    async (req) => {
      const r = await req.tx((c) => saveSubjectScore(c, req.auth!.user.id, req.params.id, req.body));
      return { success: true as const, message: TEST_SCORE_MSG.saved(r.saved), saved: r.saved };
    },
  );

  await app.register(careRoutes);
  await app.register(exportRoutes);
};

export default testScoringRoutes;
