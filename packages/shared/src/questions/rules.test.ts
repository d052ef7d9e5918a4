import { describe, expect, it } from 'vitest';
import { questionsFr } from '../messages/fr-questions';
import { type AskedQuestion, answerIssue, answerText, keptAnswers, placeQuestions } from './rules';

const m = questionsFr.answers;
const question = (extra: Partial<AskedQuestion>): AskedQuestion => ({
  id: 'q',
  label: 'Question',
  kind: 'shortText',
  choices: [],
  isRequired: false,
  scope: 'order',
  ticketId: null,
  ...extra,
});

describe('an answer to an attendee question', () => {
  it('is required only when the question says so; false answers a yes/no question', () => {
    expect(answerIssue(question({ isRequired: true }), '  ')).toBe(m.required('Question'));
    expect(answerIssue(question({}), undefined)).toBeNull();
    expect(answerIssue(question({ kind: 'yesNo', isRequired: true }), false)).toBeNull();
    expect(answerIssue(question({ kind: 'multipleChoice', choices: ['A'], isRequired: true }), [])).toBe(
      m.required('Question'),
    );
  });

  it('checks phones, days and choices as typed', () => {
    const phone = question({ kind: 'phone' });
    expect(answerIssue(phone, '06 12 34 56 78')).toBeNull();
    expect(answerIssue(phone, '+44 (20) 7946-0958')).toBeNull();
    expect(answerIssue(phone, 'zéro six')).toBe(m.phone('Question'));
    const day = question({ kind: 'date' });
    expect(answerIssue(day, '2024-02-29')).toBeNull();
    expect(answerIssue(day, '2023-02-29')).toBe(m.date('Question'));
    const several = question({ kind: 'multipleChoice', choices: ['A', 'B'] });
    expect(answerIssue(several, ['A', 'A'])).toBe(m.notInList('Question'));
    expect(answerIssue(several, 'A')).toBe(m.wrongType('Question'));
  });

  it('is kept trimmed, blanks and other questions dropped, and read in words', () => {
    const asked = [question({ id: 'a' }), question({ id: 'b', kind: 'yesNo' })];
    expect(keptAnswers(asked, { a: '  x ', b: true, c: 'autre' })).toEqual({ a: 'x', b: true });
    expect(answerText('yesNo', false)).toBe(questionsFr.no);
    expect(answerText('date', '2001-02-28')).toBe('28/02/2001');
    expect(answerText('multipleChoice', ['Midi', 'Soir'])).toBe('Midi, Soir');
  });

  it('is asked for each place of its ticket, or of a choice ticket’s option', () => {
    const fosse = question({ id: 'f', scope: 'place', ticketId: 'fosse' });
    expect(placeQuestions([fosse], ['option-1', 'fosse'])).toEqual([fosse]);
    expect(placeQuestions([fosse], ['balcon', null])).toEqual([]);
  });
});
