import {
  type CreateEventRequest,
  firstCreateEventError,
  isPaidTicketList,
  organiserFr,
  type SessionUser,
  UNLIMITED,
} from '@guichet/shared';
import { Button, Checkbox, Container, Group, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConsoleOrganizers } from '../../api/console';
import { uploadBanner, useCreateEvent, useEventTypes } from '../../api/organiser';
import { RequireAuth } from '../../features/auth/RequireAuth';
import { BannerPicker } from '../../features/organiser/BannerPicker';
import { fromLocalInput } from '../../features/organiser/datetime';
import {
  draftQuantity,
  newTicketDraft,
  type TicketDraft,
  toPreviewTickets,
  toTicketInput,
} from '../../features/organiser/drafts';
import { type EventFieldValues, EventRefundDateField } from '../../features/organiser/EventFields';
import { EventForm } from '../../features/organiser/EventForm';
import { EventFormLayout } from '../../features/organiser/EventFormLayout';
import { TicketDraftsEditor } from '../../features/organiser/TicketDraftsEditor';
import { PageHeader } from '../../ui/PageHeader';
import { Panel } from '../../ui/Panel';
import { toast } from '../../ui/toast';

const f = organiserFr.form;
const fullName = (person?: { firstName: string; lastName: string }) =>
  person ? `${person.firstName} ${person.lastName}` : '';

type Draft = EventFieldValues & {
  organizerId: string;
  unlimited: boolean;
  tickets: TicketDraft[];
  refund: boolean;
  isUserPaysFees: boolean;
  acceptTerms: boolean;
};

const emptyDraft = (): Draft => ({
  title: '',
  address: '',
  latitude: null,
  longitude: null,
  organizerId: '',
  type: '',
  dateBegin: '',
  dateEnd: '',
  description: '',
  unlimited: false,
  tickets: [newTicketDraft(1)],
  refund: false,
  dateMaxRefund: '',
  isUserPaysFees: false,
  acceptTerms: false,
});

function CreateEventForm({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const organizers = useConsoleOrganizers(user.isAdmin);
  const create = useCreateEvent();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [banner, setBanner] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const canPrice = user.isVerified || user.isAdmin;
  const types = useEventTypes();
  const category = types.data?.find((type) => String(type.id) === draft.type)?.label ?? null;

  const tickets = draft.tickets.map(toTicketInput);
  const paid = isPaidTicketList(tickets);
  const participants = draft.tickets.reduce((sum, t) => sum + draftQuantity(t), 0);
  const payload: CreateEventRequest = {
    title: draft.title,
    description: draft.description,
    address: draft.address,
    latitude: draft.latitude,
    longitude: draft.longitude,
    organizerId: user.isAdmin ? draft.organizerId || null : user.id,
    type: draft.type,
    dateBegin: fromLocalInput(draft.dateBegin),
    dateEnd: fromLocalInput(draft.dateEnd),
    dateMaxRefund: paid && draft.refund ? fromLocalInput(draft.dateMaxRefund) : null,
    nbMaxParticipants: draft.unlimited ? UNLIMITED : participants || null,
    isPublic: false,
    isUserPaysFees: draft.isUserPaysFees,
    ticketList: tickets,
    discountCodeList: [],
    acceptTerms: draft.acceptTerms,
  };
  const organizerName = user.isAdmin
    ? fullName(organizers.data?.find((o) => o.id === draft.organizerId))
    : `${user.firstName} ${user.lastName}`;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const local = firstCreateEventError(payload, { now: new Date(), hasOrganizer: Boolean(payload.organizerId) });
    // A typed address without a picked suggestion is known only to the address service, which the
    // server asks: its answer comes before every check after the address (2-organiser.md §5).
    const addressUnchecked = payload.latitude == null || payload.longitude == null;
    const answersBeforeAddress = local !== null && (local.field === 'title' || local.field === 'address');
    if (local && (answersBeforeAddress || !addressUnchecked)) {
      setError(local);
      return;
    }
    setError(null);
    create.mutate(payload, {
      onSuccess: async ({ id }) => {
        setDraft(emptyDraft());
        if (banner) {
          // The event exists: a refused banner is said on its edit page, where it can be chosen again.
          setUploading(true);
          try {
            await uploadBanner(id, banner);
          } catch (failure) {
            setUploading(false);
            toast((failure as Error).message || organiserFr.event.bannerFailed, 'error');
            navigate(`/editevents/${id}`);
            return;
          }
        }
        navigate(`/billetterie/${id}`);
      },
      onError: (failure) =>
        setError({ field: 'field' in failure ? String(failure.field) : '', message: failure.message }),
    });
  };
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);

  const form = (
    <EventForm
      values={draft}
      set={set}
      fieldError={fieldError}
      error={error?.message ?? null}
      onSubmit={submit}
      submitLabel={organiserFr.create.submit}
      pending={create.isPending || uploading}
      canPrice={canPrice}
      organizer={
        user.isAdmin ? (
          <Select
            label={f.organizer}
            withAsterisk
            searchable
            data={(organizers.data ?? []).map((o) => ({ value: o.id, label: fullName(o) }))}
            value={draft.organizerId || null}
            error={fieldError('organizerId')}
            onChange={(value) => set({ organizerId: value ?? '' })}
          />
        ) : (
          <TextInput label={f.organizer} value={organizerName} readOnly />
        )
      }
      after={
        <Checkbox
          label={f.acceptConditions}
          checked={draft.acceptTerms}
          error={fieldError('acceptTerms')}
          onChange={(e) => set({ acceptTerms: e.currentTarget.checked })}
        />
      }
    >
      <BannerPicker order={2} file={banner} onChange={setBanner} />
      <Group align="flex-end">
        <NumberInput
          label={f.participants}
          description={f.participantsHelp}
          value={draft.unlimited ? '' : participants}
          readOnly
          disabled={draft.unlimited}
          error={fieldError('nbMaxParticipants')}
          style={{ flex: 1 }}
        />
        <Checkbox
          label={f.unlimited}
          checked={draft.unlimited}
          onChange={(e) => set({ unlimited: e.currentTarget.checked })}
          mb={8}
        />
      </Group>
      <Panel title={f.tickets} order={2} size="h4">
        <TicketDraftsEditor
          drafts={draft.tickets}
          canPrice={canPrice}
          category={category}
          onChange={(ticketDrafts) => set({ tickets: ticketDrafts })}
        />
        {fieldError('ticketList') && (
          <Text c="var(--mantine-color-error)" size="sm" role="alert">
            {fieldError('ticketList')}
          </Text>
        )}
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => set({ tickets: [...draft.tickets, newTicketDraft(draft.tickets.length + 1)] })}
        >
          {f.addTicket}
        </Button>
      </Panel>
      {paid && (
        <Stack gap="xs">
          <Switch label={f.refund} checked={draft.refund} onChange={(e) => set({ refund: e.currentTarget.checked })} />
          {draft.refund && <EventRefundDateField values={draft} set={set} fieldError={fieldError} required />}
        </Stack>
      )}
    </EventForm>
  );

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <PageHeader title={organiserFr.create.pageTitle} />
        <EventFormLayout
          form={form}
          values={draft}
          sticky
          preview={{
            organizerName,
            bannerUrl: null,
            status: 'open',
            tickets: toPreviewTickets(draft.tickets, category),
          }}
        />
      </Stack>
    </Container>
  );
}

export default function CreateEventPage() {
  return <RequireAuth>{(user) => <CreateEventForm user={user} />}</RequireAuth>;
}
