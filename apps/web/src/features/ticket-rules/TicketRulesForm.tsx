import {
  eurosToCents,
  MAX_TRANSFER_EXPIRY_DAYS,
  resaleFeeError,
  resaleFr,
  transferExpiryDaysError,
  transfersFr,
} from '@guichet/shared';
import { Button, NumberInput, type NumberInputProps, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type TicketRules, type TicketRulesKind, useSaveTicketRules, useTicketRules } from '../../api/ticket-rules';
import { FormError } from '../../ui/FormError';
import { QueryState } from '../../ui/QueryState';
import { Section } from '../../ui/Section';
import { toast } from '../../ui/toast';
import { fromLocalInput, toLocalInput } from '../organiser/datetime';

/** What a form of rules holds: the switch, the last date (as the input writes it), the figure. */
type Draft = { allowed: boolean; deadline: string; figure: number | string };

/**
 * Each kind's form: its texts, its figure's input (the transfer's delay in days, the resale's fee
 * in euros), and the way between its rules and the form: the figure read back as the rules with
 * its French refusal, the rules null while it is refused.
 */
type KindForm<K extends TicketRulesKind> = {
  texts: {
    title: string;
    loadFailed: string;
    allowed: string;
    help: string;
    deadline: string;
    save: string;
    saved: string;
  };
  figureInput: (allowed: boolean) => NumberInputProps;
  toDraft: (rules: TicketRules[K]) => Draft;
  fromDraft: (draft: Draft) => { error: string | null; rules: TicketRules[K] | null };
};

const forms: { [K in TicketRulesKind]: KindForm<K> } = {
  transfer: {
    texts: transfersFr.settings,
    figureInput: () => ({
      label: transfersFr.settings.expiryDays,
      min: 1,
      max: MAX_TRANSFER_EXPIRY_DAYS,
      allowDecimal: false,
    }),
    toDraft: (rules) => ({
      allowed: rules.transfersAllowed,
      deadline: toLocalInput(rules.transferDeadline),
      figure: rules.transferExpiryDays,
    }),
    fromDraft: ({ allowed, deadline, figure }) => {
      const error = transferExpiryDaysError(typeof figure === 'number' ? figure : Number.NaN);
      if (error || typeof figure !== 'number') return { error, rules: null };
      const transferDeadline = fromLocalInput(deadline) || null;
      return { error, rules: { transfersAllowed: allowed, transferDeadline, transferExpiryDays: figure } };
    },
  },
  resale: {
    texts: resaleFr.settings,
    figureInput: (allowed) => ({
      label: resaleFr.settings.fee,
      min: 0,
      decimalScale: 2,
      decimalSeparator: ',',
      disabled: !allowed,
    }),
    toDraft: (rules) => ({
      allowed: rules.resaleAllowed,
      deadline: toLocalInput(rules.resaleDeadline),
      figure: rules.resaleFeeCents / 100,
    }),
    fromDraft: ({ allowed, deadline, figure }) => {
      const feeCents = typeof figure === 'number' ? eurosToCents(figure) : figure === '' ? 0 : Number.NaN;
      const error = resaleFeeError(feeCents);
      if (error) return { error, rules: null };
      const resaleDeadline = fromLocalInput(deadline) || null;
      return { error, rules: { resaleAllowed: allowed, resaleDeadline, resaleFeeCents: feeCents } };
    },
  },
};

/**
 * The organiser's rules of one way a holder hands a place on (issue 30), transfers or resale, in
 * the console's edit tab.
 */
export function TicketRulesForm({ kind, eventId }: { kind: TicketRulesKind; eventId: string }) {
  const rules = useTicketRules(kind, eventId);
  const { texts } = forms[kind];
  return (
    <Section title={texts.title}>
      <QueryState query={rules} errorTitle={texts.loadFailed} compact>
        {(saved) => <RulesFields kind={kind} eventId={eventId} saved={saved} />}
      </QueryState>
    </Section>
  );
}

function RulesFields<K extends TicketRulesKind>({
  kind,
  eventId,
  saved,
}: {
  kind: K;
  eventId: string;
  saved: TicketRules[K];
}) {
  const form = forms[kind] as KindForm<K>;
  const m = form.texts;
  const save = useSaveTicketRules(kind, eventId);
  const [draft, setDraft] = useState(() => form.toDraft(saved));
  const { error, rules } = form.fromDraft(draft);
  return (
    <Stack
      component="form"
      gap="sm"
      maw={480}
      onSubmit={(event) => {
        event.preventDefault();
        if (rules) save.mutate(rules, { onSuccess: () => toast(m.saved) });
      }}
    >
      <Switch
        label={m.allowed}
        description={m.help}
        checked={draft.allowed}
        onChange={(event) => {
          const allowed = event.currentTarget.checked;
          setDraft((current) => ({ ...current, allowed }));
        }}
      />
      <TextInput
        type="datetime-local"
        label={m.deadline}
        value={draft.deadline}
        disabled={!draft.allowed}
        onChange={(event) => {
          const deadline = event.currentTarget.value;
          setDraft((current) => ({ ...current, deadline }));
        }}
      />
      <NumberInput
        {...form.figureInput(draft.allowed)}
        value={draft.figure}
        error={error ?? undefined}
        onChange={(figure) => setDraft((current) => ({ ...current, figure }))}
      />
      <FormError message={save.error?.message ?? null} />
      <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
        {m.save}
      </Button>
    </Stack>
  );
}
