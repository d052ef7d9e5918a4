import { type AnswerValue, type AskedQuestion, questionsFr } from '@guichet/shared';
import { Checkbox, Group, Radio, Select, Stack, Textarea, TextInput } from '@mantine/core';

const m = questionsFr;

type Props = {
  question: Pick<AskedQuestion, 'id' | 'label' | 'kind' | 'choices' | 'isRequired'>;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue | undefined) => void;
  error?: string;
  /** The field's id, unique on the page: the form focuses the first field in error by it. */
  id: string;
};

/**
 * One organiser's question as a form field of its kind (issue 30): its label is the organiser's
 * text, shown as text. No maxLength: a longer answer is told by the rule's message, never cut.
 */
export function QuestionField({ question, value, onChange, error, id }: Props) {
  const common = {
    id,
    label: question.label,
    withAsterisk: question.isRequired,
    error,
  };
  const text = typeof value === 'string' ? value : '';
  switch (question.kind) {
    case 'longText':
      return (
        <Textarea {...common} autosize minRows={2} value={text} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'choice':
      return (
        <Select
          {...common}
          data={question.choices}
          placeholder={m.booking.choose}
          value={text || null}
          allowDeselect={!question.isRequired}
          clearable={!question.isRequired}
          onChange={(choice) => onChange(choice ?? undefined)}
        />
      );
    case 'multipleChoice':
      return (
        <Checkbox.Group
          {...common}
          value={Array.isArray(value) ? value : []}
          onChange={(choices) => onChange(question.choices.filter((c) => choices.includes(c)))}
        >
          <Stack gap={6} mt={6}>
            {question.choices.map((choice) => (
              <Checkbox key={choice} value={choice} label={choice} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'yesNo':
      return (
        <Radio.Group
          {...common}
          value={value === true ? 'yes' : value === false ? 'no' : ''}
          onChange={(choice) => onChange(choice === 'yes')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="yes" label={m.yes} />
            <Radio value="no" label={m.no} />
          </Group>
        </Radio.Group>
      );
    case 'date':
      return <TextInput {...common} type="date" value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'phone':
      return (
        <TextInput
          {...common}
          type="tel"
          inputMode="tel"
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'email':
      return <TextInput {...common} type="email" value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    default:
      return <TextInput {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
