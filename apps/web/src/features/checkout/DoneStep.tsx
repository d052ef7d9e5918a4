import { checkoutFr, checkoutStepsFr, discoveryFr } from '@guichet/shared';
import { Alert, Button, Group } from '@mantine/core';
import { IconCalendarPlus, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmbedBookingReport } from '../embed/EmbedBookingReport';
import { StepForm } from './StepForm';

/** Step 7 for a free checkout; a paid one ends on /validationpaiement after the bank. */
export function DoneStep({ focus, eventId, orderId }: { focus: boolean; eventId: string; orderId: string | null }) {
  return (
    <StepForm title={checkoutStepsFr.steps.done} focus={focus}>
      <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
        {checkoutFr.reservationDone}
      </Alert>
      <EmbedBookingReport eventId={eventId} orderId={orderId} />
      <Group>
        <Button component={Link} to="/myTickets">
          {discoveryFr.page.seeMyTicket}
        </Button>
        <Button
          component="a"
          href={`/api/events/${encodeURIComponent(eventId)}/calendar.ics`}
          download
          variant="default"
          leftSection={<IconCalendarPlus size={18} aria-hidden />}
        >
          {discoveryFr.page.addToCalendar}
        </Button>
        <Button component={Link} to="/billetterie" variant="default">
          {checkoutStepsFr.done.backToList}
        </Button>
      </Group>
    </StepForm>
  );
}
