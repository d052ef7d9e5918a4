import { moneyFr } from '@guichet/shared';
import { Button, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingBank } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useEventPayouts } from '../../api/money';

const PayoutModal = lazy(() => import('./PayoutModal'));
const m = moneyFr.payout;

/**
 * 'Demande de virement' of the follow-up screen (2-organiser.md §2.4): paid events only; the
 * tooltip says when the money arrives.
 */
export function PayoutButton({ eventId }: { eventId: string }) {
  const payouts = useEventPayouts(eventId);
  const [opened, modal] = useDisclosure(false);
  // Whoever follows the sales sees the balance; the modal says why someone may not ask (an administrator).
  if (!payouts.data?.isPaidEvent) return null;
  return (
    <>
      <Tooltip label={m.tooltip} withArrow events={{ hover: true, focus: true, touch: true }}>
        <Button variant="default" leftSection={<IconBuildingBank size={18} aria-hidden />} onClick={modal.open}>
          {m.button}
        </Button>
      </Tooltip>
      {opened && (
        <Suspense>
          <PayoutModal eventId={eventId} onClose={modal.close} />
        </Suspense>
      )}
    </>
  );
}
