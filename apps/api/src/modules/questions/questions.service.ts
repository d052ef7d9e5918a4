import {
  QUESTIONS_PER_EVENT_MAX,
  type QuestionList,
  type QuestionRequest,
  type QuestionSaved,
  questionIssue,
  questionRequest,
  questionsFr,
  trimmedQuestion,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Viewer } from '../../policy/can';
import { authorizeEvent } from '../../policy/event-access';
import * as repo from './questions.repository';

const m = questionsFr;
type Deps = Pick<AppDeps, 'db'>;

const notFound = () => new AppError('QUESTION_NOT_FOUND', m.errors.notFound, 404);

/**
 * The organiser's questions to their buyers (issue 30, docs/decisions.md "Attendee questions"):
 * the event's organiser and the administrator edit them from the console; anyone else is told
 * the event does not exist, as on the console's other pages.
 */
export async function listQuestions(deps: Deps, viewer: Viewer | null, eventId: string): Promise<QuestionList> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  return { items: await repo.findEventQuestions(deps.db, event.id) };
}

/** The question as stored, once its label, choices and ticket passed the editor's checks. */
async function checkedQuestion(deps: Deps, eventId: string, request: QuestionRequest) {
  const input = questionRequest.parse(request);
  const issue = questionIssue(input);
  if (issue) throw badRequest(issue.message, issue.field);
  if (
    input.ticketId !== null &&
    !(isUuid(input.ticketId) && (await repo.isEventTicket(deps.db, eventId, input.ticketId)))
  ) {
    throw badRequest(m.errors.ticketUnknown, 'ticketId');
  }
  return trimmedQuestion(input);
}

export async function addQuestion(
  deps: Deps,
  viewer: Viewer | null,
  eventId: string,
  request: QuestionRequest,
): Promise<QuestionSaved> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  const question = await checkedQuestion(deps, event.id, request);
  const saved = await deps.db.transaction(async (tx) => {
    const { count, next } = await repo.lockEventQuestions(tx, event.id);
    if (count >= QUESTIONS_PER_EVENT_MAX) {
      throw new AppError('TOO_MANY_QUESTIONS', m.errors.tooManyQuestions(QUESTIONS_PER_EVENT_MAX), 409);
    }
    return repo.insertQuestion(tx, event.id, next, question);
  });
  return { question: saved, message: m.editor.created };
}

/**
 * A question changed. Answers already given stay as they were: a booking checked them against the
 * question of its time, and the console shows them as given.
 */
export async function changeQuestion(
  deps: Deps,
  viewer: Viewer | null,
  eventId: string,
  questionId: string,
  request: QuestionRequest,
): Promise<QuestionSaved> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  if (!isUuid(questionId)) throw notFound();
  const question = await checkedQuestion(deps, event.id, request);
  const saved = await repo.updateQuestion(deps.db, event.id, questionId, question);
  if (!saved) throw notFound();
  return { question: saved, message: m.editor.updated };
}

export async function removeQuestion(deps: Deps, viewer: Viewer | null, eventId: string, questionId: string) {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  if (!isUuid(questionId) || !(await repo.deleteQuestion(deps.db, event.id, questionId))) throw notFound();
}
