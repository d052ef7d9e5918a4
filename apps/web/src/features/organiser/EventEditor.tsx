import {
  firstEditEventError,
  firstRoomSettingsError,
  fr,
  type ManagedEvent,
  offerHoursError,
  organiserFr,
  type SessionUser,
  type UpdateEventRequest,
} from '@guichet/shared';
import { Alert, Button, Group, Stack, Switch, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../api/auth';
import { useDeleteEvent, useManagedEvent, useUpdateEvent, useUploadBanner } from '../../api/organiser';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { Loading } from '../../ui/Loading';
import { toast } from '../../ui/toast';
import { NamedTicketsFields, type NamedTicketsValues } from '../holders/NamedTicketsFields';
import { QuestionsEditor } from '../questions/QuestionsEditor';
import { WaitingListFields, type WaitingListValues } from '../waiting-list/WaitingListFields';
import { WaitingRoomFields, type WaitingRoomValues } from '../waiting-room/WaitingRoomFields';
import { BannerPicker } from './BannerPicker';
import { fromLocalInput, toLocalInput } from './datetime';
import { previewTicketsOf } from './drafts';
import { EditTickets } from './EditTickets';
import classes from './EventEditor.module.css';
import { type EventFieldValues, EventRefundDateField } from './EventFields';
import { EventForm } from './EventForm';
import { EventFormLayout } from './EventFormLayout';
import { PromoCodes } from './PromoCodes';
import { toastFailure } from './toast-failure';
import { typedValue } from './typed-number';

const f = organiserFr.form;

function offerHoursFieldError(hours: number | null) {
  const message = offerHoursError(hours);
  return message ? { field: 'waitingListOfferHours', message } : null;
}

type Fields = EventFieldValues &
  WaitingRoomValues &
  WaitingListValues &
  NamedTicketsValues & {
    isPublic: boolean;
    isOpen: boolean;
    isUserPaysFees: boolean;
  };

const fieldsOf = (event: ManagedEvent): Fields => ({
  title: event.title,
  address: event.address,
  latitude: event.latitude,
  longitude: event.longitude,
  dateBegin: toLocalInput(event.dateBegin),
  dateEnd: toLocalInput(event.dateEnd),
  dateMaxRefund: toLocalInput(event.dateMaxRefund),
  description: event.description,
  type: event.typeId === null ? '' : String(event.typeId),
  isPublic: event.isPublic,
  isOpen: event.isOpen,
  isUserPaysFees: event.isUserPaysFees,
  waitingRoom: event.onsaleAt !== null,
  onsaleAt: toLocalInput(event.onsaleAt, true),
  admissionPerMinute: event.admissionPerMinute ?? '',
  waitingListOfferHours: event.waitingListOfferHours ?? '',
  isNamedTickets: event.isNamedTickets,
  holdersEditableUntil: toLocalInput(event.holdersEditableUntil),
});

function Editor({ event, user, onDeleted }: { event: ManagedEvent; user: SessionUser; onDeleted?: () => void }) {
  const navigate = useNavigate();
  const update = useUpdateEvent(event.id);
  const upload = useUploadBanner(event.id);
  const remove = useDeleteEvent(event.id);
  const [fields, setFields] = useState<Fields>(() => fieldsOf(event));
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [preview, previewToggle] = useDisclosure(false);
  const set = (change: Partial<Fields>) => setFields((current) => ({ ...current, ...change }));
  const canPrice = user.isVerified || user.isAdmin;
  const isPaid = !event.isFree;

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const body: UpdateEventRequest = {
      title: fields.title,
      address: fields.address,
      ...(fields.address !== event.address && { latitude: fields.latitude, longitude: fields.longitude }),
      dateBegin: fromLocalInput(fields.dateBegin),
      dateEnd: fromLocalInput(fields.dateEnd),
      dateMaxRefund: isPaid && fields.dateMaxRefund ? fromLocalInput(fields.dateMaxRefund) : null,
      description: fields.description,
      type: fields.type,
      isPublic: fields.isPublic,
      isOpen: fields.isOpen,
      isUserPaysFees: fields.isUserPaysFees,
      onsaleAt: fields.waitingRoom ? fromLocalInput(fields.onsaleAt) : null,
      admissionPerMinute: fields.waitingRoom ? typedValue(fields.admissionPerMinute) : null,
      waitingListOfferHours: typedValue(fields.waitingListOfferHours),
      isNamedTickets: fields.isNamedTickets,
      holdersEditableUntil:
        fields.isNamedTickets && fields.holdersEditableUntil ? fromLocalInput(fields.holdersEditableUntil) : null,
    };
    const local =
      firstEditEventError(
        {
          ...fields,
          ...body,
          type: fields.type,
          dateBegin: body.dateBegin ?? '',
          dateEnd: body.dateEnd ?? '',
          dateMaxRefund: body.dateMaxRefund ?? null,
          nbMaxParticipants: event.nbMaxParticipants,
          isPaid,
          title: fields.title,
          address: fields.address,
          description: fields.description,
        },
        { now: new Date() },
      ) ??
      (fields.waitingRoom
        ? firstRoomSettingsError(
            { onsaleAt: body.onsaleAt || null, admissionPerMinute: body.admissionPerMinute ?? null },
            body.dateEnd ?? '',
          )
        : null) ??
      offerHoursFieldError(body.waitingListOfferHours ?? null);
    setError(local);
    if (local) return;
    update.mutate(body, {
      onSuccess: (saved) => {
        setFields(fieldsOf(saved as ManagedEvent));
        toast(organiserFr.edit.saved);
      },
      onError: (failure) => {
        setError({ field: 'field' in failure ? String(failure.field) : '', message: failure.message });
        toastFailure(failure);
      },
    });
  };
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  const status = event.isSoldOut ? 'soldOut' : event.isOpen ? 'open' : 'closed';

  const form = (
    <EventForm
      values={fields}
      set={set}
      fieldError={fieldError}
      error={error?.message ?? null}
      onSubmit={save}
      submitLabel={f.save}
      pending={update.isPending}
      canPrice={canPrice}
      headings
      refundDate={isPaid && <EventRefundDateField values={fields} set={set} fieldError={fieldError} required={false} />}
      after={
        <>
          <WaitingRoomFields values={fields} set={set} fieldError={fieldError} />
          <WaitingListFields values={fields} set={set} fieldError={fieldError} />
          <NamedTicketsFields values={fields} set={set} fieldError={fieldError} />
        </>
      }
    >
      <Title order={3} size="h4">
        {f.visibility}
      </Title>
      <Switch
        label={f.isPublic}
        disabled={!canPrice}
        checked={fields.isPublic}
        onChange={(e) => set({ isPublic: e.currentTarget.checked })}
      />
      <Switch
        label={f.isOpen}
        disabled={event.isSoldOut}
        checked={fields.isOpen && !event.isSoldOut}
        onChange={(e) => set({ isOpen: e.currentTarget.checked })}
      />
    </EventForm>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Button component={Link} to={`/billetterie/${event.id}`} variant="subtle">
          {f.viewEvent}
        </Button>
        <Button variant="default" onClick={previewToggle.toggle}>
          {preview ? f.previewOff : f.previewOn}
        </Button>
      </Group>
      <EventFormLayout
        values={fields}
        preview={
          preview
            ? {
                organizerName: event.organizerName,
                bannerUrl: event.bannerUrl,
                status,
                tickets: previewTicketsOf(event),
              }
            : null
        }
        form={
          <Stack gap="lg">
            {form}
            <BannerPicker
              order={3}
              saved={event.bannerUrl}
              alt={fr.events.eventBannerAlt(event.title)}
              pending={upload.isPending}
              onChange={(file) =>
                file &&
                upload.mutate(file, {
                  onSuccess: () => toast(organiserFr.event.bannerSaved),
                  onError: (failure) => toast(failure.message, 'error'),
                })
              }
            />

            <EditTickets event={event} canPrice={canPrice} />
            <QuestionsEditor event={event} />
            {isPaid && <PromoCodes event={event} />}

            <ConfirmButton
              label={f.deleteEvent}
              button={{ color: 'red', variant: 'outline', className: classes.dangerOutline, w: 'fit-content' }}
              title={f.deleteEvent}
              text={f.deleteEventConfirm}
              color="red"
              pending={remove.isPending}
              onConfirm={(close) =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    toast(organiserFr.event.deleted);
                    if (onDeleted) onDeleted();
                    else navigate('/billetterie');
                  },
                  onError: (failure) => {
                    close();
                    toastFailure(failure);
                  },
                })
              }
            />
          </Stack>
        }
      />
    </Stack>
  );
}

/** The edit form of one event, for its organiser or an administrator (edit page and console). */
/** The edit form; a deletion leaves for the event list, or for wherever `onDeleted` says (the console stays). */
export function EventEditor({ eventId, onDeleted }: { eventId: string; onDeleted?: () => void }) {
  const session = useSession();
  const event = useManagedEvent(eventId);
  if (event.isPending || session.isPending) {
    return <Loading label={f.loadingEvent} />;
  }
  if (event.isError || !session.data) {
    return <Alert color="red">{event.error?.message ?? fr.shell.notLoggedIn}</Alert>;
  }
  return <Editor key={event.data.id} event={event.data} user={session.data} onDeleted={onDeleted} />;
}
