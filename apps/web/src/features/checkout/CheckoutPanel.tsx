import { checkoutStepsFr, type EventDetail, normalizeEmail } from '@guichet/shared';
import { Anchor, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useReducer, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../api/auth';
import { useReleaseOrder } from '../../api/checkout';
import { eventKeys } from '../../api/events';
import { isMultiDate } from '../event-dates/dates';
import { TicketList } from '../events/TicketList';
import { rememberRedirectAfterLogin } from '../shell/markers';
import { AccountStep } from './AccountStep';
import { Basket } from './Basket';
import classes from './Checkout.module.css';
import { CodeStep } from './CodeStep';
import { DoneStep } from './DoneStep';
import { GiftModal } from './GiftModal';
import { InformationStep } from './InformationStep';
import { PaymentStep } from './PaymentStep';
import { ProofStep } from './ProofStep';
import {
  type Buyer,
  checkoutReducer,
  giftOf,
  initialCheckout,
  initialCheckoutFor,
  questionsOf,
  type Step,
} from './state';
import { TicketStep } from './TicketStep';

type Props = {
  event: EventDetail;
  shareKey: string | null;
  /** The date chosen on a multi-date event (issue 32); the event's tickets are already those of that date. */
  dateId?: string | null;
};

/** The checkout flow of an event page; a fresh flow for each event, and for each date chosen. */
export function CheckoutPanel(props: Props) {
  return <CheckoutFlow key={`${props.event.id}:${props.dateId ?? ''}`} {...props} />;
}

function CheckoutFlow({ event, shareKey, dateId = null }: Props) {
  const { data: user } = useSession();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [state, dispatch] = useReducer(checkoutReducer, event, (loaded) =>
    // No date chosen yet: nothing is chosen for the buyer, who picks a date or a pass first.
    isMultiDate(loaded) && !dateId ? initialCheckout : { ...initialCheckoutFor(loaded), dateId },
  );
  const releaseHold = useReleaseOrder();
  // The heading of a step takes the focus only once the buyer has moved, not on page load.
  const [moved, setMoved] = useState(false);
  const [giftModal, setGiftModal] = useState(false);

  // A closed or sold-out event shows its tickets read-only. A flow under way stays: its own
  // hold may be what made the event sold out.
  if (event.status !== 'open' && state.step === 'tickets')
    return <TicketList tickets={event.tickets} dates={event.dates} />;

  const goTo = (step: Step) => {
    setMoved(true);
    dispatch({ type: 'goTo', step });
  };
  const toInformation = () => goTo('information');
  // Back from the payment step: the places held go back on sale now rather than in 180 s, and
  // the hold counts as ended here, so that coming back holds again.
  const leavePayment = () => {
    const order = state.order;
    if (order?.status === 'awaiting_payment' && order.deadline > Date.now()) {
      dispatch({ type: 'orderHeld', order: { ...order, deadline: Date.now() } });
      // Should this fail, the hold still ends by itself when its time is up.
      releaseHold.mutate(
        { orderId: order.id, token: order.accessToken },
        { onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(event.id) }) },
      );
    }
    toInformation();
  };

  // The steps that read and change the basket itself.
  const basket = { event, state, dispatch, focus: moved };
  let step: React.ReactNode;
  switch (state.step) {
    case 'tickets': {
      const { gifts } = giftOf(state, event);
      step = (
        <>
          <TicketStep
            {...basket}
            // Step 2: a ticket that offers tickets asks which one first.
            onNext={() => (gifts.length > 0 ? setGiftModal(true) : toInformation())}
          />
          {giftModal && (
            <GiftModal
              opened
              gifts={gifts}
              chosen={state.giftId}
              onClose={() => setGiftModal(false)}
              onChoose={(giftId) => {
                setGiftModal(false);
                dispatch({ type: 'setGift', giftId });
                toInformation();
              }}
            />
          )}
        </>
      );
      break;
    }
    case 'information':
      step = (
        <InformationStep
          event={event}
          places={state.quantity}
          questions={questionsOf(state, event)}
          buyer={state.buyer}
          accountCreatedFor={state.accountCreatedFor}
          focus={moved}
          onBack={() => goTo('tickets')}
          onNext={(buyer: Buyer, next: Step) => {
            dispatch({ type: 'setBuyer', buyer });
            goTo(next);
          }}
        />
      );
      break;
    case 'password':
      step = (
        <AccountStep
          buyer={state.buyer}
          focus={moved}
          onBack={toInformation}
          onCreated={() => {
            dispatch({ type: 'accountCreated', email: normalizeEmail(state.buyer.email) });
            goTo('code');
          }}
        />
      );
      break;
    case 'proof':
      step = (
        <ProofStep
          email={state.buyer.email}
          focus={moved}
          onBack={toInformation}
          onSignedIn={() => goTo('payment')}
          onCodeSent={() => goTo('code')}
        />
      );
      break;
    case 'code':
      // Back to the information: the account exists now, so the password step has nothing left to do.
      step = (
        <CodeStep email={state.buyer.email} focus={moved} onBack={toInformation} onVerified={() => goTo('payment')} />
      );
      break;
    case 'payment':
      step = (
        <PaymentStep
          {...basket}
          shareKey={shareKey}
          onBack={leavePayment}
          onDone={() => {
            queryClient.invalidateQueries({ queryKey: eventKeys.detail(event.id) });
            goTo('done');
          }}
        />
      );
      break;
    case 'done':
      step = <DoneStep focus={moved} eventId={event.id} orderId={state.order?.id ?? null} />;
      break;
  }

  return (
    <div className={classes.container}>
      {!user && state.step !== 'done' && (
        <Group gap={6} mb="sm">
          <Text size="sm" c="dimmed">
            {checkoutStepsFr.haveAccount}
          </Text>
          <Anchor
            component={Link}
            to="/connexion"
            size="sm"
            onClick={() => rememberRedirectAfterLogin(`${location.pathname}${location.search}`)}
          >
            {checkoutStepsFr.login}
          </Anchor>
        </Group>
      )}
      <div className={classes.layout}>
        <div>{step}</div>
        {state.step !== 'done' && (
          <div className={classes.basket}>
            <Basket event={event} state={state} />
          </div>
        )}
      </div>
    </div>
  );
}
