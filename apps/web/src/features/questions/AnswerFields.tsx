import { type Answers, type AskedQuestion, answerIssue } from '@guichet/shared';
import { Stack } from '@mantine/core';
import { QuestionField } from './QuestionField';

/** The id of a question's field in a group of answers (the order's, a place's). */
export const answerFieldId = (group: string, questionId: string) => `question-${group}-${questionId}`;

/** The first question whose answer the rules refuse, with the message naming it. */
export function firstAnswerIssue(
  questions: AskedQuestion[],
  answers: Answers,
): { questionId: string; message: string } | null {
  for (const question of questions) {
    const message = answerIssue(question, answers[question.id]);
    if (message) return { questionId: question.id, message };
  }
  return null;
}

/** A group of questions with their answers: the order's once, or one place's. */
export function AnswerFields({
  group,
  questions,
  answers,
  onChange,
  error,
}: {
  group: string;
  questions: AskedQuestion[];
  answers: Answers;
  onChange: (answers: Answers) => void;
  /** The refused answer of this group, shown under its field. */
  error: { questionId: string; message: string } | null;
}) {
  return (
    <Stack gap="sm">
      {questions.map((question) => (
        <QuestionField
          key={question.id}
          id={answerFieldId(group, question.id)}
          question={question}
          value={answers[question.id]}
          error={error?.questionId === question.id ? error.message : undefined}
          onChange={(value) => {
            const next = { ...answers };
            if (value === undefined) delete next[question.id];
            else next[question.id] = value;
            onChange(next);
          }}
        />
      ))}
    </Stack>
  );
}
