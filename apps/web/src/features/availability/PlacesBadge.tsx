import { FEW_PLACES_THRESHOLD, fr } from '@guichet/shared';
import { Badge } from '@mantine/core';
import classes from './PlacesBadge.module.css';

/**
 * A ticket's mark: 'Complet', 'Non disponible', or 'Plus que N places' at FEW_PLACES_THRESHOLD
 * places or fewer (issue 17); nothing when places are plenty.
 */
export function PlacesBadge({ ticket }: { ticket: { isSoldOut: boolean; isAvailable: boolean; placesLeft?: number } }) {
  if (ticket.isSoldOut) {
    return (
      <Badge component="span" color="red" variant="light" className={classes.soldOut}>
        {fr.events.ticketSoldOut}
      </Badge>
    );
  }
  if (!ticket.isAvailable) {
    return (
      <Badge component="span" color="gray" variant="light" className={classes.unavailable}>
        {fr.events.ticketUnavailable}
      </Badge>
    );
  }
  if (ticket.placesLeft !== undefined && ticket.placesLeft <= FEW_PLACES_THRESHOLD) {
    return (
      <Badge component="span" color="orange" variant="light" className={classes.few}>
        {fr.events.fewPlacesLeft(ticket.placesLeft)}
      </Badge>
    );
  }
  return null;
}
