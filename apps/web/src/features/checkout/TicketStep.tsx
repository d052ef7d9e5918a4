import {
  checkoutFr,
  checkoutStepsFr,
  discountedUnitPriceCents,
  type EventDetail,
  eventDatesFr,
  firstTicketStepError,
  fr,
  isPickable,
  refundInsuranceCentsPerPlace,
  type TicketRead,
  ticketQuantityBounds,
} from '@guichet/shared';
import { Alert, Anchor, Checkbox, Stack, Text, Title } from '@mantine/core';
import { type Dispatch, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ChoiceList } from '../../ui/ChoiceList';
import { FormError } from '../../ui/FormError';
import { OptionPicker } from '../../ui/OptionPicker';
import { PlacesBadge } from '../availability/PlacesBadge';
import { isMultiDate, isPass } from '../event-dates/dates';
import { PassCoverage } from '../event-dates/PassCoverage';
import { priceLabel } from '../events/price-label';
import { VatNote } from '../events/VatNote';
import classes from './Checkout.module.css';
import { PromoCode } from './PromoCode';
import { QuantityStepper } from './QuantityStepper';
import { RefundOption } from './RefundOption';
import { StepButtons, StepForm } from './StepForm';
import { type CheckoutAction, type CheckoutState, chosenMax, refundOf, selection } from './state';

const t = checkoutStepsFr.tickets;

/** The ticket's mark, also in the gift dialog. */
export const Availability = PlacesBadge;

type StepProps = {
  event: EventDetail;
  state: CheckoutState;
  dispatch: Dispatch<CheckoutAction>;
  focus: boolean;
  onNext: () => void;
};

/** Step 1: the accordion of tickets, the count, the refund option, the terms of sale, the promo code. */
export function TicketStep({ event, state, dispatch, focus, onNext }: StepProps) {
  const [error, setError] = useState<string | null>(null);
  const chosen = selection(state, event);
  // The live places may fall under the chosen count (other buyers hold them): the choice follows.
  const max = chosenMax(state, event);
  useEffect(() => {
    if (max !== null && state.quantity > max) dispatch({ type: 'fitToPlaces', max });
  }, [max, state.quantity, dispatch]);

  const next = () => {
    const price = chosen.bought?.priceCents ?? 0;
    const refund = refundOf(state, event, price);
    const failure = firstTicketStepError({
      ticket: chosen.ticket,
      option: chosen.option,
      quantity: state.quantity,
      refund,
      dateMaxRefund: event.dateMaxRefund,
      termsAccepted: state.termsAccepted,
      now: new Date(),
      freePlaceTaken: event.hasFreePlace,
      isFreeEvent: event.isFree,
    });
    setError(failure?.message ?? null);
    if (!failure) onNext();
  };

  const open = (id: string | null) => {
    setError(null);
    dispatch({ type: 'openTicket', ticket: event.tickets.find((ticket) => ticket.id === id) ?? null });
  };

  // A multi-date event (issue 32): the chosen date's tickets, then the passes apart with their dates.
  const multiDate = isMultiDate(event);
  const own = multiDate ? event.tickets.filter((ticket) => !isPass(ticket)) : event.tickets;
  const passes = multiDate ? event.tickets.filter(isPass) : [];
  const choices = (tickets: TicketRead[]) => (
    <ChoiceList
      items={tickets}
      value={state.ticketId}
      onChange={open}
      price={priceLabel}
      fromPrice={fr.events.fromPrice}
      noDescription={fr.events.noDescription}
      mark={(ticket) =>
        isPass(ticket) ? (
          <>
            <Availability ticket={ticket} />
            <PassCoverage event={event} ticket={ticket} />
          </>
        ) : (
          <Availability ticket={ticket} />
        )
      }
      priceNote={(ticket) => <VatNote ticket={ticket} />}
      panel={(ticket) => (
        <TicketChoice
          event={event}
          ticket={ticket}
          state={state}
          dispatch={dispatch}
          onQuantity={(quantity) => {
            if (quantity === 0) setError(null);
            dispatch({ type: 'setQuantity', quantity });
          }}
        />
      )}
    />
  );

  // The account already has the one ticket a free event allows: said before anything is filled in.
  if (event.isFree && event.hasFreePlace) {
    return (
      <StepForm title={checkoutStepsFr.steps.tickets} focus={focus}>
        <Alert color="blue" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{checkoutFr.freeEventOneTicket}</Text>
            <Anchor component={Link} to="/myTickets" fw={600}>
              {fr.events.myTicket}
            </Anchor>
          </Stack>
        </Alert>
      </StepForm>
    );
  }

  return (
    <StepForm title={checkoutStepsFr.steps.tickets} focus={focus} onSubmit={next}>
      {multiDate && !state.dateId ? (
        <Text c="dimmed">{eventDatesFr.picker.chooseFirst}</Text>
      ) : own.length === 0 && passes.length === 0 ? (
        <Text c="dimmed">{t.noTickets}</Text>
      ) : (
        own.length > 0 && choices(own)
      )}
      {passes.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {eventDatesFr.picker.passes}
          </Title>
          {choices(passes)}
        </Stack>
      )}
      {/* In the page before any message, so that screen readers announce it when it fills in. */}
      <div role="status" aria-live="polite" className={classes.notice}>
        {state.loweredTo !== null && (
          <Alert color="orange" variant="light">
            {t.loweredTo(state.loweredTo)}
          </Alert>
        )}
      </div>
      <Checkbox
        checked={state.termsAccepted}
        onChange={(change) => dispatch({ type: 'setTerms', accepted: change.currentTarget.checked })}
        label={
          <>
            {t.acceptTermsBefore}{' '}
            <Anchor component={Link} to="/termsAndConditions#cgv" target="_blank">
              {t.salesTerms}
            </Anchor>
          </>
        }
      />
      {!event.isFree && (
        <PromoCode
          eventId={event.id}
          discount={state.discount}
          onChange={(discount) => dispatch({ type: 'setDiscount', discount })}
        />
      )}
      <FormError message={error} />
      <StepButtons />
    </StepForm>
  );
}

function TicketChoice({
  event,
  ticket,
  state,
  dispatch,
  onQuantity,
}: {
  event: EventDetail;
  ticket: TicketRead;
  state: CheckoutState;
  dispatch: Dispatch<CheckoutAction>;
  onQuantity: (quantity: number) => void;
}) {
  const { option, bought, title } = selection(state, event);
  if (!isPickable(ticket)) return <Text size="sm">{t.cannotPick}</Text>;
  const bounds = ticketQuantityBounds(bought ?? ticket);
  const price = bought?.priceCents ?? ticket.priceCents;
  const perPlace = refundInsuranceCentsPerPlace(discountedUnitPriceCents(price, state.discount?.percent ?? null));
  const refund = refundOf(state, event, price);
  const offerRefund =
    state.quantity > 0 && perPlace > 0 && (ticket.isUserCanTakeInsurance || refund.locked) && Boolean(bought);

  return (
    <>
      {ticket.isMultipart && (
        <OptionPicker
          label={t.choice}
          options={ticket.options}
          value={option?.id ?? null}
          onChange={(optionId) => dispatch({ type: 'pickOption', optionId })}
          price={priceLabel}
          mark={(choice) => <Availability ticket={choice} />}
          isDisabled={(choice) => !isPickable(choice)}
        />
      )}
      <QuantityStepper title={title} value={state.quantity} min={bounds.min} max={bounds.max} onChange={onQuantity} />
      {offerRefund && (
        <RefundOption
          perPlaceCents={perPlace}
          quantity={state.quantity}
          refund={refund}
          dateMaxRefund={event.dateMaxRefund}
          onToggle={(enabled) => dispatch({ type: 'setRefund', enabled })}
          onPlaces={(places) => dispatch({ type: 'setRefundPlaces', places })}
        />
      )}
    </>
  );
}
