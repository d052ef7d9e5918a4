import {
  answersUpdated,
  answersUpdateRequest,
  placeAnswers,
  questionList,
  questionRequest,
  questionSaved,
} from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import * as answers from './answers.service';
import * as questions from './questions.service';

const idParams = z.object({ id: z.string().max(64) });
const questionParams = idParams.extend({ questionId: z.string().max(64) });

/**
 * Attendee questions (issue 30; docs/decisions.md, "Attendee questions"): the organiser edits
 * them from the console; the buyer reads and changes their answers from /myTickets.
 */
export const questionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/console/events/:id/questions',
    { schema: { params: idParams, response: { 200: questionList } }, ...access('user') },
    async (request) => questions.listQuestions(deps, request.user, request.params.id),
  );

  app.post(
    '/console/events/:id/questions',
    { schema: { params: idParams, body: questionRequest, response: { 201: questionSaved } }, ...access('user') },
    async (request, reply) =>
      reply.status(201).send(await questions.addQuestion(deps, request.user, request.params.id, request.body)),
  );

  app.patch(
    '/console/events/:id/questions/:questionId',
    { schema: { params: questionParams, body: questionRequest, response: { 200: questionSaved } }, ...access('user') },
    async (request) =>
      questions.changeQuestion(deps, request.user, request.params.id, request.params.questionId, request.body),
  );

  app.delete(
    '/console/events/:id/questions/:questionId',
    { schema: { params: questionParams }, ...access('user') },
    async (request, reply) => {
      await questions.removeQuestion(deps, request.user, request.params.id, request.params.questionId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/me/participations/:id/answers',
    { schema: { params: idParams, response: { 200: placeAnswers } }, ...access('user') },
    async (request) => answers.getAnswers(deps, requireUser(request), request.params.id),
  );

  app.put(
    '/me/participations/:id/answers',
    {
      schema: { params: idParams, body: answersUpdateRequest, response: { 200: answersUpdated } },
      ...access('user'),
    },
    async (request) => answers.changeAnswers(deps, requireUser(request), request.params.id, request.body),
  );
};
