import {
  type Answers,
  type AnswersUpdated,
  type AnswersUpdateRequest,
  answerIssue,
  keptAnswers,
  orderQuestions,
  type PlaceAnswers,
  placeQuestions,
  type QuestionView,
  questionsFr,
  ticketsFr,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { SignedInUser } from '../users/users.repository';
import * as repo from './answers.repository';
import { findEventQuestions } from './questions.repository';

const m = questionsFr;
type Deps = Pick<AppDeps, 'db' | 'clock'>;

const notFound = () => new AppError('TICKET_NOT_FOUND', ticketsFr.ticket.notFound, 404);

/**
 * The questions a place's holder answers on /myTickets: its own (none for a gift, which the
 * booking did not ask about), and its order's when they bought it.
 */
function askedOf(place: repo.PlaceToAnswer, questions: QuestionView[]) {
  return {
    order: place.isBuyer ? orderQuestions(questions, place.orderTicketIds) : [],
    place: place.isGift ? [] : placeQuestions(questions, place.ticketIds),
  };
}

function viewOf(place: repo.PlaceToAnswer, asked: ReturnType<typeof askedOf>, now: Date): PlaceAnswers {
  return {
    questions: [...asked.order, ...asked.place],
    answers: { ...(asked.order.length ? place.orderAnswers : {}), ...place.answers },
    editableUntil: place.editableUntil.toISOString(),
    isEditable: now < place.editableUntil,
  };
}

/** The answers to the questions asked replaced by the given ones; those to questions deleted since are kept. */
function replaced(previous: Answers | null, asked: QuestionView[], given: Answers): Answers {
  const ids = new Set(asked.map((q) => q.id));
  const others = Object.entries(previous ?? {}).filter(([id]) => !ids.has(id));
  return { ...Object.fromEntries(others), ...keptAnswers(asked, given) };
}

export async function getAnswers(deps: Deps, user: SignedInUser, participationId: string): Promise<PlaceAnswers> {
  if (!isUuid(participationId)) throw notFound();
  const place = await repo.lockOwnPlace(deps.db, participationId, user.id, false);
  if (!place) throw notFound();
  const asked = askedOf(place, await findEventQuestions(deps.db, place.eventId));
  return viewOf(place, asked, deps.clock.now());
}

/**
 * The buyer changes their answers (issue 30) until the holders' deadline, with the booking's
 * checks: the request carries every answer of the place (and of its order, for its buyer), and a
 * refusal leaves all of them as they were.
 */
export async function changeAnswers(
  deps: Deps,
  user: SignedInUser,
  participationId: string,
  request: AnswersUpdateRequest,
): Promise<AnswersUpdated> {
  if (!isUuid(participationId)) throw notFound();
  return deps.db.transaction(async (tx) => {
    const place = await repo.lockOwnPlace(tx, participationId, user.id, true);
    if (!place) throw notFound();
    const now = deps.clock.now();
    if (now >= place.editableUntil) throw new AppError('ANSWERS_DEADLINE_PASSED', m.myTickets.deadlinePassed, 409);
    const asked = askedOf(place, await findEventQuestions(tx, place.eventId));
    const all = [...asked.order, ...asked.place];
    const known = new Set(all.map((q) => q.id));
    if (Object.keys(request.answers).some((id) => !known.has(id))) {
      throw badRequest(m.errors.unknownQuestion, 'answers');
    }
    for (const question of all) {
      const issue = answerIssue(question, request.answers[question.id]);
      if (issue) throw badRequest(issue, `answers.${question.id}`);
    }
    const placeAnswers = replaced(place.answers, asked.place, request.answers);
    await repo.setPlaceAnswers(tx, place.id, placeAnswers);
    let orderAnswers = place.orderAnswers;
    if (place.orderId && asked.order.length) {
      orderAnswers = replaced(place.orderAnswers, asked.order, request.answers);
      await repo.setOrderAnswers(tx, place.orderId, orderAnswers);
    }
    const saved = { ...place, answers: placeAnswers, orderAnswers };
    return { ...viewOf(saved, asked, now), message: m.myTickets.saved };
  });
}
