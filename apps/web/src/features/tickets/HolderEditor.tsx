import { formatDateTime, holderIssue, type MyParticipation, type PlaceHolder, ticketsFr } from '@guichet/shared';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserEdit } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useChangeHolder } from '../../api/participations';
import { FormError } from '../../ui/FormError';
import { toast } from '../../ui/toast';

const m = ticketsFr.holders;

/**
 * A named ticket's holder (issue 30): shown on the card, and changed by its buyer until the
 * organiser's deadline; the server checks the same rules and the deadline again.
 */
export function HolderEditor({ participation }: { participation: MyParticipation }) {
  const [opened, dialog] = useDisclosure(false);
  const until = participation.holdersEditableUntil;
  if (!participation.isNamed || !until || Date.parse(until) <= Date.now()) return null;
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="default" leftSection={<IconUserEdit size={18} aria-hidden />} onClick={dialog.open}>
        {m.edit}
      </Button>
      <Text size="xs" c="dimmed">
        {m.editableUntil(formatDateTime(until))}
      </Text>
      <Modal opened={opened} onClose={dialog.close} title={m.editTitle} centered>
        {opened && (
          <HolderForm
            participationId={participation.id}
            initial={{ firstName: participation.firstName, lastName: participation.lastName }}
            onDone={dialog.close}
          />
        )}
      </Modal>
    </Stack>
  );
}

function HolderForm({
  participationId,
  initial,
  onDone,
}: {
  participationId: string;
  initial: PlaceHolder;
  onDone: () => void;
}) {
  const [holder, setHolder] = useState(initial);
  const [shown, setShown] = useState(false);
  const change = useChangeHolder(participationId);
  const issue = holderIssue(holder);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (issue) return;
    change.mutate(holder, {
      onSuccess: ({ message }) => {
        toast(message);
        onDone();
      },
    });
  };
  const errorOf = (field: keyof PlaceHolder) => (shown && issue?.field === field ? issue.message : undefined);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={m.firstName}
          value={holder.firstName}
          onChange={(e) => setHolder({ ...holder, firstName: e.currentTarget.value })}
          error={errorOf('firstName')}
          autoComplete="given-name"
          required
          data-autofocus
        />
        <TextInput
          label={m.lastName}
          value={holder.lastName}
          onChange={(e) => setHolder({ ...holder, lastName: e.currentTarget.value })}
          error={errorOf('lastName')}
          autoComplete="family-name"
          required
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
