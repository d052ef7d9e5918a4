import {
  accountFr,
  eventDatesFr,
  formatDateTime,
  invoicesFr,
  type MyParticipation,
  QR_CODE_SIZE,
  resaleFr,
  TICKET_QR_OPTIONS,
  transfersFr,
} from '@guichet/shared';
import { Accordion, Alert, Anchor, Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconMaximize } from '@tabler/icons-react';
import { Link } from 'react-router';
import { participationPdfUrl, useParticipationCode } from '../../api/participations';
import { OrderInvoices } from '../invoices/OrderInvoices';
import { AnswersEditor } from '../questions/AnswersEditor';
import { ResaleSection, ResoldNotice } from '../resale/ResaleSection';
import { QrCodeImage } from '../shell/QrCodeImage';
import { FullScreenTicket } from './FullScreenTicket';
import { HolderEditor } from './HolderEditor';
import { RefundSection } from './RefundSection';
import { TransferSection } from './TransferSection';
import { WalletButtons } from './WalletButtons';

const m = accountFr.myTickets;
const p = accountFr.participations;

/** 1-attendee.md "My tickets": the QR code is 200 px at the highest correction level. */
const QR_SIZE = QR_CODE_SIZE.code;

/** One ticket, one place (issue 30): its summary, and once opened its QR code, PDF, holder and refund information. */
export function TicketCard({ participation, opened }: { participation: MyParticipation; opened: boolean }) {
  return (
    <Accordion.Item value={participation.id}>
      <Accordion.Control>
        <Stack gap={4}>
          <Group gap="xs">
            {/* Phrasing content only: the control is a button. */}
            <Text component="span" fw={700} size="lg">
              {participation.eventTitle}
            </Text>
            {participation.isGift && (
              <Badge color="grape" variant="light">
                {m.gift}
              </Badge>
            )}
            {participation.resale && (
              <Badge color={participation.resale.status === 'sold' ? 'teal' : 'yellow'} variant="light">
                {participation.resale.status === 'sold' ? resaleFr.myTickets.sold : resaleFr.myTickets.listed}
              </Badge>
            )}
          </Group>
          <PlaceDate participation={participation} />
          <Text size="sm">
            {p.ticket} : {participation.ticketTitle} · {participation.firstName} {participation.lastName}
          </Text>
          {participation.ticketNumbers.length > 0 && (
            <Text size="sm" c="dimmed">
              {invoicesFr.list.ticketNumbers(participation.ticketNumbers.join(', '))}
            </Text>
          )}
        </Stack>
      </Accordion.Control>
      <Accordion.Panel>
        {opened &&
          (participation.resale?.status === 'sold' ? (
            <ResoldDetails participation={participation} />
          ) : (
            <TicketDetails participation={participation} />
          ))}
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/**
 * When the place is for: its own date on a multi-date event (issue 32), cancelled or moved ones
 * said so; a pass says how many dates it covers; otherwise the event's start and end.
 */
function PlaceDate({ participation }: { participation: MyParticipation }) {
  const d = eventDatesFr.myTickets;
  const date = participation.eventDate;
  const when = date ?? participation;
  return (
    <>
      <Text size="sm" c="dimmed">
        {date && `${d.date} : `}
        {p.from} {formatDateTime(when.dateBegin)} {p.to} {formatDateTime(when.dateEnd)}
      </Text>
      {date?.status === 'cancelled' && (
        <Badge color="red" variant="light" w="fit-content">
          {d.cancelled}
        </Badge>
      )}
      {date?.movedFrom && date.status !== 'cancelled' && (
        <Text size="sm" fw={600}>
          {d.moved(formatDateTime(date.movedFrom))}
        </Text>
      )}
      {participation.passDateCount ? (
        <Text size="sm" fw={600}>
          {d.passDates(participation.passDateCount)}
        </Text>
      ) : null}
    </>
  );
}

/** A place resold: no code any more, its refund and the order's documents (the credit note among them). */
function ResoldDetails({ participation }: { participation: MyParticipation }) {
  return (
    <Stack gap="md">
      <ResoldNotice participation={participation} />
      <OrderInvoices orderId={participation.orderId} />
    </Stack>
  );
}

function TicketDetails({ participation }: { participation: MyParticipation }) {
  const code = useParticipationCode(participation.id);
  const [fullScreen, view] = useDisclosure(false);
  return (
    <Stack gap="md">
      <Group align="flex-start" gap="lg" wrap="wrap">
        {code.error ? (
          <Alert color="red" role="alert">
            {m.qrFailed}
          </Alert>
        ) : (
          <Stack gap={6} align="center">
            <QrCodeImage
              value={code.data?.code ?? ''}
              size={QR_SIZE}
              alt={m.qrAlt(participation.eventTitle)}
              options={TICKET_QR_OPTIONS}
            />
            {code.data && (
              <Text size="sm" ff="monospace" aria-label={`${m.shortCode} ${code.data.shortCode}`}>
                {code.data.shortCode}
              </Text>
            )}
          </Stack>
        )}
        <Stack gap="xs">
          <Text size="sm">
            {m.holder} : {participation.firstName} {participation.lastName}
          </Text>
          <HolderEditor participation={participation} />
          <AnswersEditor participation={participation} />
          <Anchor component={Link} to={`/billetterie/${participation.eventId}`} size="sm">
            {participation.eventTitle}
          </Anchor>
          {code.data && (
            <Button variant="light" leftSection={<IconMaximize size={18} aria-hidden />} onClick={view.open}>
              {m.fullScreen}
            </Button>
          )}
          <Button
            component="a"
            href={participationPdfUrl(participation.id)}
            download
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
          >
            {m.downloadPdf}
          </Button>
          <WalletButtons participationId={participation.id} />
        </Stack>
      </Group>
      {code.data && (
        <FullScreenTicket
          opened={fullScreen}
          onClose={view.close}
          participation={participation}
          code={code.data.code}
          shortCode={code.data.shortCode}
        />
      )}
      <OrderInvoices orderId={participation.orderId} canAskCompany />
      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h5">
          {transfersFr.myTickets.dialogTitle}
        </Title>
        <TransferSection participation={participation} />
      </Stack>
      {(participation.resaleOffer || participation.resale) && (
        <>
          <Divider />
          <Stack gap="xs">
            <Title order={3} size="h5">
              {resaleFr.myTickets.dialogTitle}
            </Title>
            <ResaleSection participation={participation} />
          </Stack>
        </>
      )}
      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h5">
          {m.refundTitle}
        </Title>
        <RefundSection participation={participation} />
      </Stack>
    </Stack>
  );
}
