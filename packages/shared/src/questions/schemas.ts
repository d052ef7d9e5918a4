import { z } from 'zod';
import { QUESTION_KINDS } from './rules';

/** An answer as sent: its type is checked by answerIssue, with the question's French message. */
const answerValue = z.union([z.string().max(5000), z.array(z.string().max(500)).max(100), z.boolean()]);
/** Answers by question id (at most the event's 30 questions, with room for a stale form's extra). */
export const answersInput = z.record(z.string().max(64), answerValue);

export const questionKind = z.enum(QUESTION_KINDS);
const questionScope = z.enum(['order', 'place']);

/** An organiser's question as sent (POST and PATCH); lengths are checked by questionIssue. */
export const questionRequest = z.strictObject({
  label: z.string().max(2000),
  kind: questionKind,
  choices: z.array(z.string().max(1000)).max(200).default([]),
  isRequired: z.boolean().default(false),
  scope: questionScope.default('order'),
  ticketId: z.string().max(64).nullable().default(null),
});
export type QuestionRequest = z.input<typeof questionRequest>;

/** A question as the booking, /myTickets and the organiser's editor read it. */
export const questionView = z.object({
  id: z.string(),
  label: z.string(),
  kind: questionKind,
  choices: z.array(z.string()),
  isRequired: z.boolean(),
  scope: questionScope,
  ticketId: z.string().nullable(),
});
export type QuestionView = z.infer<typeof questionView>;

export const questionList = z.object({ items: z.array(questionView) });
export type QuestionList = z.infer<typeof questionList>;

export const questionSaved = z.object({ question: questionView, message: z.string() });
export type QuestionSaved = z.infer<typeof questionSaved>;

/** PATCH /api/me/participations/{id}/answers: every answer of the place (and of its order, for its buyer). */
export const answersUpdateRequest = z.strictObject({ answers: answersInput });
export type AnswersUpdateRequest = z.infer<typeof answersUpdateRequest>;

/** A place's questions and answers as /myTickets edits them. */
export const placeAnswers = z.object({
  questions: z.array(questionView),
  answers: answersInput,
  editableUntil: z.string(),
  isEditable: z.boolean(),
});
export type PlaceAnswers = z.infer<typeof placeAnswers>;

export const answersUpdated = placeAnswers.extend({ message: z.string() });
export type AnswersUpdated = z.infer<typeof answersUpdated>;

/** One answer as the console shows it: the question's label and the answer in words. */
export const answerLine = z.object({ questionId: z.string(), label: z.string(), text: z.string() });
export type AnswerLine = z.infer<typeof answerLine>;
