import { formatEuros, payoutsFr } from '@guichet/shared';
import { Alert, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingBank, IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useEventPayouts } from '../../api/payouts';
import { payoutNoticeId, payoutState } from './payout-state';

// The panel is only ever opened from here: it stays out of the tab's own JavaScript until then.
const PayoutModal = lazy(() => import('./PayoutModal'));
const m = payoutsFr.payout;

type Props = { eventId: string; dateEnd: string };

/**
 * 'Demande de virement' of the follow-up screen (2-organiser.md §2.4): paid events only; the
 * tooltip says when the money arrives. Before the event's end (without an advance) it stays in
 * sight, disabled: PayoutNotice says from which day, and opens the balance.
 */
export function PayoutButton({ eventId, dateEnd }: Props) {
  const payouts = useEventPayouts(eventId);
  const [opened, modal] = useDisclosure(false);
  // Whoever follows the sales sees the balance; the modal says why someone may not ask (an administrator).
  if (!payouts.data?.isPaidEvent) return null;
  const icon = <IconBuildingBank size={18} aria-hidden />;
  if (payoutState(payouts.data, dateEnd).waitsForEnd) {
    return (
      <Button variant="default" leftSection={icon} disabled aria-describedby={payoutNoticeId(eventId)}>
        {m.button}
      </Button>
    );
  }
  return (
    <>
      <Tooltip label={m.tooltip} withArrow events={{ hover: true, focus: true, touch: true }}>
        <Button variant="default" leftSection={icon} onClick={modal.open}>
          {m.button}
        </Button>
      </Tooltip>
      {opened && (
        <Suspense>
          <PayoutModal eventId={eventId} dateEnd={dateEnd} onClose={modal.close} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Under the follow-up screen's buttons: from which day a payout can be asked, and what the
 * organiser owes on this event, each with the way to the balance.
 */
export function PayoutNotice({ eventId, dateEnd }: Props) {
  const payouts = useEventPayouts(eventId);
  const [opened, modal] = useDisclosure(false);
  if (!payouts.data?.isPaidEvent) return null;
  const state = payoutState(payouts.data, dateEnd);
  if (!state.notYet && !state.debtNote) return null;
  return (
    <Alert
      variant="light"
      color={state.owedCents > 0 ? 'orange' : 'blue'}
      icon={<IconInfoCircle size={18} aria-hidden />}
      role="note"
      p="sm"
    >
      <Group justify="space-between" gap="xs" align="center">
        <Stack gap={2} id={payoutNoticeId(eventId)} style={{ flex: '1 1 16rem' }}>
          {state.notYet && <Text size="sm">{state.notYet}</Text>}
          {state.debtNote && (
            <Text size="sm">
              <Text span fw={700} inherit>
                {m.owed} : {formatEuros(state.owedCents)}.
              </Text>{' '}
              {state.debtNote}
            </Text>
          )}
        </Stack>
        <Button variant="default" size="compact-sm" onClick={modal.open}>
          {m.viewBalance}
        </Button>
      </Group>
      {opened && (
        <Suspense>
          <PayoutModal eventId={eventId} dateEnd={dateEnd} onClose={modal.close} />
        </Suspense>
      )}
    </Alert>
  );
}
