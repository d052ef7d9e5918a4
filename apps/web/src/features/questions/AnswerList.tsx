import type { AnswerLine } from '@guichet/shared';
import { Text } from '@mantine/core';

/** Answers as the console shows them: each question's label, then the answer, as plain text. */
export function AnswerList({ answers }: { answers: AnswerLine[] }) {
  if (answers.length === 0) return null;
  return (
    <dl style={{ margin: 0 }}>
      {answers.map((answer) => (
        <div key={answer.questionId}>
          <Text component="dt" size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {answer.label}
          </Text>
          <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {answer.text}
          </Text>
        </div>
      ))}
    </dl>
  );
}
