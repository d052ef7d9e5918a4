import {
  hasChoices,
  type ManagedEvent,
  QUESTION_KINDS,
  QUESTIONS_PER_EVENT_MAX,
  type QuestionKind,
  type QuestionRequest,
  type QuestionView,
  questionIssue,
  questionsFr,
} from '@guichet/shared';
import { Badge, Button, Group, Modal, Paper, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useDeleteQuestion, useQuestions, useSaveQuestion } from '../../api/questions';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { FormError } from '../../ui/FormError';
import { Loading } from '../../ui/Loading';
import { Section } from '../../ui/Section';
import { toast } from '../../ui/toast';

const m = questionsFr;
const e = m.editor;

type Draft = {
  label: string;
  kind: QuestionKind;
  choices: string;
  isRequired: boolean;
  scope: 'order' | 'place';
  ticketId: string;
};

const emptyDraft: Draft = {
  label: '',
  kind: 'shortText',
  choices: '',
  isRequired: false,
  scope: 'order',
  ticketId: '',
};

const draftOf = (question: QuestionView): Draft => ({
  label: question.label,
  kind: question.kind,
  choices: question.choices.join('\n'),
  isRequired: question.isRequired,
  scope: question.scope,
  ticketId: question.ticketId ?? '',
});

const requestOf = (draft: Draft): QuestionRequest => ({
  label: draft.label,
  kind: draft.kind,
  choices: hasChoices(draft.kind) ? draft.choices.split('\n') : [],
  isRequired: draft.isRequired,
  scope: draft.scope,
  ticketId: draft.ticketId || null,
});

/**
 * The organiser's questions to their buyers (issue 30), in the event's edit area: asked once per
 * order or for each place, about every ticket or one. The server checks the same rules.
 */
export function QuestionsEditor({ event }: { event: ManagedEvent }) {
  const questions = useQuestions(event.id);
  const remove = useDeleteQuestion(event.id);
  const [editing, setEditing] = useState<{ id: string | null; draft: Draft } | null>(null);
  // Questions are about a ticket or a choice ticket's head: the booking matches either.
  const tickets = event.tickets.filter((ticket) => !ticket.parentId);
  const ticketTitle = (id: string | null) => tickets.find((ticket) => ticket.id === id)?.title ?? e.allTickets;
  const items = questions.data?.items ?? [];

  return (
    <Section
      title={e.title}
      actions={
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          disabled={items.length >= QUESTIONS_PER_EVENT_MAX}
          onClick={() => setEditing({ id: null, draft: emptyDraft })}
        >
          {e.add}
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        {e.intro}
      </Text>
      {questions.isPending ? (
        <Loading />
      ) : questions.isError ? (
        <FormError message={questions.error.message} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{e.empty}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((question) => (
            <Paper component="li" key={question.id} withBorder p="sm" radius="md">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Stack gap={4} miw={0} style={{ flex: '1 1 14rem' }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {question.label}
                  </Text>
                  <Group gap={6}>
                    <Badge variant="light">{m.kinds[question.kind]}</Badge>
                    <Badge variant="light" color="gray">
                      {m.scopes[question.scope]}
                    </Badge>
                    <Badge variant="light" color="gray">
                      {ticketTitle(question.ticketId)}
                    </Badge>
                    {question.isRequired && (
                      <Badge variant="light" color="orange">
                        {e.requiredBadge}
                      </Badge>
                    )}
                  </Group>
                  {question.choices.length > 0 && (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {question.choices.join(' · ')}
                    </Text>
                  )}
                </Stack>
                <Group gap="xs">
                  <Button
                    variant="default"
                    size="xs"
                    aria-label={`${e.edit} : ${question.label}`}
                    onClick={() => setEditing({ id: question.id, draft: draftOf(question) })}
                  >
                    {e.edit}
                  </Button>
                  <ConfirmButton
                    label={e.delete}
                    button={{ variant: 'subtle', color: 'red', size: 'xs' }}
                    title={e.deleteTitle}
                    text={e.deleteText}
                    color="red"
                    pending={remove.isPending}
                    onConfirm={(close) =>
                      remove.mutate(question.id, {
                        onSuccess: () => {
                          close();
                          toast(e.deleted);
                        },
                        onError: (failure) => {
                          close();
                          toast(e.failed(failure.message), 'error');
                        },
                      })
                    }
                  />
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.id ? e.edit : e.add}
        centered
        size="lg"
      >
        {editing && (
          <QuestionForm
            eventId={event.id}
            questionId={editing.id}
            initial={editing.draft}
            tickets={tickets.map((ticket) => ({ value: ticket.id, label: ticket.title }))}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Section>
  );
}

function QuestionForm({
  eventId,
  questionId,
  initial,
  tickets,
  onDone,
}: {
  eventId: string;
  questionId: string | null;
  initial: Draft;
  tickets: { value: string; label: string }[];
  onDone: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [shown, setShown] = useState(false);
  const save = useSaveQuestion(eventId);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const request = requestOf(draft);
  const issue = questionIssue({ label: request.label, kind: request.kind, choices: request.choices ?? [] });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (issue) return;
    save.mutate(
      { questionId, body: request },
      {
        onSuccess: ({ message }) => {
          toast(message);
          onDone();
        },
      },
    );
  };
  const errorOf = (field: 'label' | 'choices') => (shown && issue?.field === field ? issue.message : undefined);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={e.label}
          value={draft.label}
          onChange={(event) => set({ label: event.currentTarget.value })}
          error={errorOf('label')}
          withAsterisk
          data-autofocus
        />
        <Select
          label={e.kind}
          data={QUESTION_KINDS.map((kind) => ({ value: kind, label: m.kinds[kind] }))}
          value={draft.kind}
          allowDeselect={false}
          onChange={(kind) => kind && set({ kind: kind as QuestionKind })}
        />
        {hasChoices(draft.kind) && (
          <Textarea
            label={e.choices}
            description={e.choicesHelp}
            autosize
            minRows={3}
            value={draft.choices}
            onChange={(event) => set({ choices: event.currentTarget.value })}
            error={errorOf('choices')}
            withAsterisk
          />
        )}
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={e.scope}
            data={[
              { value: 'order', label: m.scopes.order },
              { value: 'place', label: m.scopes.place },
            ]}
            value={draft.scope}
            allowDeselect={false}
            onChange={(scope) => scope && set({ scope: scope as Draft['scope'] })}
          />
          <Select
            label={e.ticket}
            data={[{ value: '', label: e.allTickets }, ...tickets]}
            value={draft.ticketId}
            allowDeselect={false}
            onChange={(ticketId) => set({ ticketId: ticketId ?? '' })}
          />
        </Group>
        <Switch
          label={e.required}
          checked={draft.isRequired}
          onChange={(event) => set({ isRequired: event.currentTarget.checked })}
        />
        <FormError message={save.error?.message} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {e.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {e.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
