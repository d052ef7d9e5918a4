import { EMAIL_MAX_LENGTH, formatDateTime, isEmailValid, type MyParticipation, transfersFr } from '@guichet/shared';
import { Button, Group, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useCancelTransfer, useSendTransfer } from '../../api/transfers';
import { PromptDialog } from '../../ui/PromptDialog';
import { toast } from '../../ui/toast';
import { TakeBackSection } from './TakeBackSection';

const m = transfersFr.myTickets;

/**
 * The transfer part of a ticket card (issue 30): 'Transférer' asks the receiver's e-mail; once
 * sent, the card says so until the receiver accepts, with 'Annuler'. The server decides whether
 * the ticket may be transferred and says why not.
 */
export function TransferSection({ participation }: { participation: MyParticipation }) {
  const [asking, setAsking] = useState(false);
  const send = useSendTransfer(participation.id);
  const cancel = useCancelTransfer(participation.id);
  const pending = participation.pendingTransfer;

  if (pending) {
    return (
      <TakeBackSection label={m.cancel} ariaLabel={m.cancelTransfer} takeBack={cancel} done={m.cancelled}>
        <Text size="sm" role="status">
          {m.pending(pending.toEmail, formatDateTime(pending.expiresAt))}
        </Text>
      </TakeBackSection>
    );
  }
  return (
    <Group>
      <Button
        variant="light"
        leftSection={<IconSend size={18} aria-hidden />}
        onClick={() => {
          send.reset();
          setAsking(true);
        }}
      >
        {m.transfer}
      </Button>
      <PromptDialog
        opened={asking}
        title={m.dialogTitle}
        intro={
          <Text size="sm" mb="sm">
            {m.dialogHelp}
          </Text>
        }
        label={m.email}
        type="email"
        maxLength={EMAIL_MAX_LENGTH}
        check={(value) => (isEmailValid(value.trim()) ? null : transfersFr.errors.emailInvalid)}
        confirmLabel={m.send}
        pending={send.isPending}
        error={send.error?.message ?? null}
        onConfirm={(email) =>
          send.mutate(
            { email },
            {
              onSuccess: () => {
                setAsking(false);
                toast(m.sent(email));
              },
            },
          )
        }
        onClose={() => setAsking(false)}
      />
    </Group>
  );
}
