import { refundsFr } from '@guichet/shared';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBan } from '@tabler/icons-react';
import { useCancelEvent, useCancellation } from '../../api/refunds';
import { PromptDialog } from '../../ui/PromptDialog';
import { toast } from '../../ui/toast';
import classes from './CancelEvent.module.css';

const m = refundsFr.cancellation;

/** Above the console's tabs once the event is cancelled: the refunds' progress as the job reports it. */
export function CancellationBanner({ eventId }: { eventId: string }) {
  const cancellation = useCancellation(eventId);
  if (!cancellation.data?.cancelledAt) return null;
  return <CancellationProgress view={cancellation.data} />;
}

/** The event's cancellation button and its confirmation, while the event is not cancelled. */
export function CancelEventButton({ eventId }: { eventId: string }) {
  const cancellation = useCancellation(eventId);
  const [opened, modal] = useDisclosure(false);
  if (!cancellation.data || cancellation.data.cancelledAt) return null;
  return (
    <>
      <Group>
        <Button
          variant="outline"
          color="red"
          className={classes.dangerOutline}
          leftSection={<IconBan size={18} aria-hidden />}
          onClick={modal.open}
        >
          {m.button}
        </Button>
      </Group>
      <CancelModal eventId={eventId} opened={opened} onClose={modal.close} />
    </>
  );
}

function CancellationProgress({ view }: { view: NonNullable<ReturnType<typeof useCancellation>['data']> }) {
  const done = view.refunded + view.manual;
  const finished = view.inProgress === 0 && view.failed === 0;
  return (
    <Alert
      color="red"
      variant="light"
      title={m.banner}
      role="status"
      aria-live="polite"
      classNames={{ title: classes.title }}
    >
      <Stack gap="xs">
        {view.message && <Text size="sm">{view.message}</Text>}
        {view.orders > 0 && (
          <>
            <Progress
              value={(done / view.orders) * 100}
              color={view.failed > 0 ? 'orange' : 'teal'}
              aria-label={m.progress(view.refunded, view.orders)}
            />
            <Text size="sm">{m.progress(view.refunded, view.orders)}</Text>
          </>
        )}
        {view.failed > 0 && (
          <Text size="sm" c="orange">
            {m.failures(view.failed)}
          </Text>
        )}
        {view.manual > 0 && <Text size="sm">{m.manual(view.manual)}</Text>}
        {finished && (
          <Text size="sm" fw={600}>
            {m.finished}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

function CancelModal({ eventId, opened, onClose }: { eventId: string; opened: boolean; onClose(): void }) {
  const cancel = useCancelEvent(eventId);
  return (
    <PromptDialog
      opened={opened}
      title={m.title}
      size="lg"
      intro={
        <Alert color="red" variant="light">
          {m.warning}
        </Alert>
      }
      label={m.messageLabel}
      placeholder={m.messagePlaceholder}
      multiline
      maxLength={2000}
      check={(message) => (message.trim() ? null : refundsFr.errors.messageRequired)}
      confirmLabel={m.confirm}
      cancelLabel={m.back}
      color="red"
      pending={cancel.isPending}
      error={cancel.error?.message ?? null}
      onClose={onClose}
      onConfirm={(message) =>
        cancel.mutate(message, {
          onSuccess: () => {
            toast(m.started);
            onClose();
          },
        })
      }
    />
  );
}
