import { type Answers, formatDateTime, type MyParticipation, type PlaceAnswers, questionsFr } from '@guichet/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessageQuestion } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useChangeAnswers, usePlaceAnswers } from '../../api/questions';
import { FormError } from '../../ui/FormError';
import { Loading } from '../../ui/Loading';
import { toast } from '../../ui/toast';
import { AnswerFields, answerFieldId, firstAnswerIssue } from './AnswerFields';

const m = questionsFr.myTickets;

/**
 * The answers to the organiser's questions (issue 30), changed from /myTickets by the place's
 * holder until the holders' deadline; the server checks the same rules and the deadline again.
 */
export function AnswersEditor({ participation }: { participation: MyParticipation }) {
  const [opened, dialog] = useDisclosure(false);
  const until = participation.answersEditableUntil;
  if (!until || Date.parse(until) <= Date.now()) return null;
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="default" leftSection={<IconMessageQuestion size={18} aria-hidden />} onClick={dialog.open}>
        {m.edit}
      </Button>
      <Text size="xs" c="dimmed">
        {m.editableUntil(formatDateTime(until))}
      </Text>
      <Modal opened={opened} onClose={dialog.close} title={m.editTitle} centered size="lg">
        {opened && <AnswersLoader participationId={participation.id} onDone={dialog.close} />}
      </Modal>
    </Stack>
  );
}

function AnswersLoader({ participationId, onDone }: { participationId: string; onDone: () => void }) {
  const place = usePlaceAnswers(participationId, true);
  if (place.isPending) return <Loading />;
  if (place.isError) return <FormError message={place.error.message} />;
  return <AnswersForm participationId={participationId} place={place.data} onDone={onDone} />;
}

function AnswersForm({
  participationId,
  place,
  onDone,
}: {
  participationId: string;
  place: PlaceAnswers;
  onDone: () => void;
}) {
  const [answers, setAnswers] = useState<Answers>(place.answers);
  const [shown, setShown] = useState(false);
  const change = useChangeAnswers(participationId);
  const issue = firstAnswerIssue(place.questions, answers);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (issue) {
      document.getElementById(answerFieldId('place', issue.questionId))?.focus();
      return;
    }
    change.mutate(
      { answers },
      {
        onSuccess: ({ message }) => {
          toast(message);
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <AnswerFields
          group="place"
          questions={place.questions}
          answers={answers}
          onChange={setAnswers}
          error={shown ? issue : null}
        />
        <FormError message={change.error?.message} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {m.cancel}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {m.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
