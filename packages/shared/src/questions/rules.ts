import { questionsFr } from '../messages/fr-questions';
import { EMAIL_MAX_LENGTH, isEmailValid } from '../rules/email';

/**
 * Attendee questions (issue 30): the limits the organiser's editor, the booking form and the
 * server share. The spec is silent on them; the figures are the brief's (docs/decisions.md,
 * "Attendee questions").
 */
export const QUESTION_LABEL_MAX = 200;
export const QUESTION_CHOICES_MAX = 50;
export const QUESTION_CHOICE_MAX = 100;
export const QUESTIONS_PER_EVENT_MAX = 30;
export const SHORT_ANSWER_MAX = 200;
export const LONG_ANSWER_MAX = 1000;

export const QUESTION_KINDS = [
  'shortText',
  'longText',
  'choice',
  'multipleChoice',
  'yesNo',
  'date',
  'phone',
  'email',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export type QuestionScope = 'order' | 'place';

/** What an answer is checked against. */
export type AskedQuestion = {
  id: string;
  label: string;
  kind: QuestionKind;
  choices: string[];
  isRequired: boolean;
  scope: QuestionScope;
  /** The ticket it is about (a choice ticket's head covers its options); null for every ticket. */
  ticketId: string | null;
};

/** A given answer: text for most kinds, the chosen labels for several choices, a boolean for yes/no. */
export type AnswerValue = string | string[] | boolean;
export type Answers = Record<string, AnswerValue>;

const m = questionsFr;

export function hasChoices(kind: QuestionKind): boolean {
  return kind === 'choice' || kind === 'multipleChoice';
}

/** The organiser's question as stored: label and choices trimmed, choices only for the kinds that have them. */
export function trimmedQuestion<T extends { label: string; kind: QuestionKind; choices: string[] }>(question: T): T {
  return {
    ...question,
    label: question.label.trim(),
    choices: hasChoices(question.kind) ? question.choices.map((c) => c.trim()).filter(Boolean) : [],
  };
}

/** What is wrong with an organiser's question, first field first (their form and the server ask the same). */
export function questionIssue(question: { label: string; kind: QuestionKind; choices: string[] }): {
  field: 'label' | 'choices';
  message: string;
} | null {
  const { label, choices } = trimmedQuestion(question);
  if (!label) return { field: 'label', message: m.errors.labelRequired };
  if (label.length > QUESTION_LABEL_MAX) return { field: 'label', message: m.errors.labelTooLong(QUESTION_LABEL_MAX) };
  if (!hasChoices(question.kind)) return null;
  if (choices.length === 0) return { field: 'choices', message: m.errors.choicesRequired };
  if (choices.length > QUESTION_CHOICES_MAX) {
    return { field: 'choices', message: m.errors.tooManyChoices(QUESTION_CHOICES_MAX) };
  }
  if (choices.some((c) => c.length > QUESTION_CHOICE_MAX)) {
    return { field: 'choices', message: m.errors.choiceTooLong(QUESTION_CHOICE_MAX) };
  }
  if (new Set(choices).size !== choices.length) return { field: 'choices', message: m.errors.choiceDuplicate };
  return null;
}

/** The questions asked once for an order of these tickets (ids of the tickets and of their heads). */
export function orderQuestions<Q extends AskedQuestion>(questions: Q[], ticketIds: string[]): Q[] {
  return questions.filter((q) => q.scope === 'order' && (q.ticketId === null || ticketIds.includes(q.ticketId)));
}

/** The questions asked for each place of a ticket (its id, and its head's for an option of a choice ticket). */
export function placeQuestions<Q extends AskedQuestion>(questions: Q[], ticketIds: (string | null)[]): Q[] {
  return questions.filter((q) => q.scope === 'place' && (q.ticketId === null || ticketIds.includes(q.ticketId)));
}

function isBlank(value: AnswerValue | null | undefined): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** A phone anywhere: an optional +, then 6 to 15 digits, spaces, dots, dashes and brackets allowed between. */
function isPhone(value: string): boolean {
  return /^\+?\d{6,15}$/.test(value.replace(/[\s.\-()]/g, ''));
}

/** A calendar day written YYYY-MM-DD, as a date field gives it. */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * What is wrong with one answer, its message naming the question (the booking form, the server at
 * POST /api/orders and the answers' edit ask the same). Blank answers to optional questions pass.
 */
export function answerIssue(question: AskedQuestion, value: AnswerValue | null | undefined): string | null {
  const label = question.label;
  if (isBlank(value)) return question.isRequired ? m.answers.required(label) : null;
  switch (question.kind) {
    case 'yesNo':
      return typeof value === 'boolean' ? null : m.answers.wrongType(label);
    case 'multipleChoice':
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return m.answers.wrongType(label);
      if (new Set(value).size !== value.length || value.some((v) => !question.choices.includes(v))) {
        return m.answers.notInList(label);
      }
      return null;
    default:
      break;
  }
  if (typeof value !== 'string') return m.answers.wrongType(label);
  const text = value.trim();
  switch (question.kind) {
    case 'shortText':
      return text.length > SHORT_ANSWER_MAX ? m.answers.tooLong(label, SHORT_ANSWER_MAX) : null;
    case 'longText':
      return text.length > LONG_ANSWER_MAX ? m.answers.tooLong(label, LONG_ANSWER_MAX) : null;
    case 'choice':
      return question.choices.includes(text) ? null : m.answers.notInList(label);
    case 'date':
      return isCalendarDay(text) ? null : m.answers.date(label);
    case 'phone':
      return text.length <= 30 && isPhone(text) ? null : m.answers.phone(label);
    case 'email':
      return text.length <= EMAIL_MAX_LENGTH && isEmailValid(text) ? null : m.answers.email(label);
    default:
      return m.answers.wrongType(label);
  }
}

/**
 * The answers to these questions as stored, once each passed `answerIssue`: text trimmed, blank
 * answers left out, answers to other questions dropped.
 */
export function keptAnswers(questions: AskedQuestion[], answers: Answers | null | undefined): Answers {
  const kept: Answers = {};
  for (const question of questions) {
    const value = answers?.[question.id];
    if (value === undefined || isBlank(value)) continue;
    kept[question.id] = typeof value === 'string' ? value.trim() : value;
  }
  return kept;
}

/** An answer as a person reads it, in the console and the exports: « Oui », choices joined, a date as JJ/MM/AAAA. */
export function answerText(kind: QuestionKind, value: AnswerValue | null | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? m.yes : m.no;
  if (Array.isArray(value)) return value.join(', ');
  if (kind === 'date' && isCalendarDay(value)) return value.split('-').reverse().join('/');
  return value;
}
