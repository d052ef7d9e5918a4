import { embedFr } from '@guichet/shared';
import { Alert } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useReportEmbedBooking } from '../../api/embed';
import { forgetWidgetRef, widgetRefOf } from './booking-window';

/**
 * At the end of a booking opened from a site's embedded shop: the paid order is reported to the
 * shop, and the buyer is told they may go back to the site. Nothing for any other booking.
 */
export function EmbedBookingReport({ eventId, orderId }: { eventId: string; orderId: string | null }) {
  const [ref] = useState(() => widgetRefOf(eventId));
  const report = useReportEmbedBooking();
  const { mutate } = report;
  useEffect(() => {
    if (!ref || !orderId) return;
    mutate({ ref, orderId }, { onSuccess: () => forgetWidgetRef(eventId) });
  }, [ref, orderId, eventId, mutate]);
  if (!ref || !report.isSuccess) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconExternalLink aria-hidden />}>
      {embedFr.popup.backToSite}
    </Alert>
  );
}
