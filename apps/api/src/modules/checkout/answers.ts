import {
  type Answers,
  type AskedQuestion,
  answerIssue,
  keptAnswers,
  orderQuestions,
  placeQuestions,
  questionsFr,
} from '@guichet/shared';
import { badRequest } from '../../lib/errors';

/**
 * Attendee questions (issue 30) on the server: the same checks as the booking form, each refusal
 * naming its question and pointing at its field, before anything is written.
 */

function checkAnswers(questions: AskedQuestion[], answers: Answers | undefined, field: string): Answers {
  const asked = new Set(questions.map((q) => q.id));
  // An answer to a question not asked here (another ticket's, a deleted one) is refused, not kept.
  if (Object.keys(answers ?? {}).some((id) => !asked.has(id))) {
    throw badRequest(questionsFr.errors.unknownQuestion, field);
  }
  for (const question of questions) {
    const issue = answerIssue(question, answers?.[question.id]);
    if (issue) throw badRequest(issue, `${field}.${question.id}`);
  }
  return keptAnswers(questions, answers);
}

/** The answers of each place of a line, in order; none when the line's ticket asks nothing. */
export function checkPlaceAnswers(
  questions: AskedQuestion[],
  line: { ticketId: string; parentId: string | null; quantity: number; answers?: Answers[] | undefined },
  index: number,
): Answers[] | null {
  const asked = placeQuestions(questions, [line.ticketId, line.parentId]);
  const given = line.answers ?? [];
  if (given.length > line.quantity) throw badRequest(questionsFr.errors.unknownQuestion, `lines.${index}.answers`);
  if (asked.length === 0 && given.every((answers) => Object.keys(answers).length === 0)) return null;
  return Array.from({ length: line.quantity }, (_, place) =>
    checkAnswers(asked, given[place], `lines.${index}.answers.${place}`),
  );
}

/** The answers given once for the order, to the questions of every ticket and of the tickets it holds. */
export function checkOrderAnswers(
  questions: AskedQuestion[],
  ticketIds: string[],
  answers: Answers | undefined,
): Answers | null {
  const asked = orderQuestions(questions, ticketIds);
  if (asked.length === 0 && Object.keys(answers ?? {}).length === 0) return null;
  return checkAnswers(asked, answers, 'answers');
}
