import { formatEuros, type MyParticipation, resaleFr } from '@guichet/shared';
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { useListForResale, useWithdrawFromResale } from '../../api/resale';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TakeBackSection } from '../tickets/TakeBackSection';

const m = resaleFr.myTickets;

/**
 * The resale part of a ticket card (issue 30): 'Revendre' confirms the price and the fee (the
 * server sets both); listed, the card says 'En revente' with 'Retirer de la vente'. Nothing shows
 * when the organiser does not allow it. A place sold shows 'Revendu' on the card itself.
 */
export function ResaleSection({ participation }: { participation: MyParticipation }) {
  const [asking, setAsking] = useState(false);
  const list = useListForResale(participation.id);
  const withdraw = useWithdrawFromResale(participation.id);
  const resale = participation.resale;

  if (resale?.status === 'listed') {
    return (
      <TakeBackSection label={m.withdraw} takeBack={withdraw} done={m.withdrawn}>
        <Group gap="xs">
          <Badge color="yellow" variant="light">
            {m.listed}
          </Badge>
          <Text size="sm" role="status">
            {formatEuros(resale.priceCents)} · {m.listedHelp}
          </Text>
        </Group>
      </TakeBackSection>
    );
  }
  const offer = participation.resaleOffer;
  if (!offer) return null;
  return (
    <Group>
      <Button
        variant="light"
        leftSection={<IconReceiptRefund size={18} aria-hidden />}
        onClick={() => {
          list.reset();
          setAsking(true);
        }}
      >
        {m.resell}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={m.dialogTitle}
        confirmLabel={m.confirm}
        cancelLabel={m.cancel}
        pending={list.isPending}
        error={list.error?.message ?? null}
        onClose={() => setAsking(false)}
        onConfirm={() => list.mutate(undefined, { onSuccess: () => setAsking(false) })}
      >
        {m.dialogHelp(offer.priceCents, offer.feeCents)}
      </ConfirmDialog>
    </Group>
  );
}

/** A place the holder resold: what they get back, in place of the ticket's code. */
export function ResoldNotice({ participation }: { participation: MyParticipation }) {
  const resale = participation.resale;
  if (resale?.status !== 'sold') return null;
  return (
    <Alert color="teal" title={m.sold} role="status">
      {m.soldHelp(resale.priceCents - resale.feeCents)}
    </Alert>
  );
}
