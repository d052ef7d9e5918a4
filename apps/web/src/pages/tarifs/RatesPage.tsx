import {
  eurosToCents,
  formatEuros,
  invoicesFr,
  organiserCommissionCents,
  organiserCommissionInclVatCents,
  organiserGainCents,
  payoutsFr,
  priceForDesiredNet,
  rateOf,
} from '@guichet/shared';
import { Alert, Anchor, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useMeta } from '../../api/meta';
import { useRate } from '../../api/payouts';
import { rateLine } from '../../features/payouts/rate-line';
import { DecimalInput } from '../../ui/DecimalInput';
import { Loading } from '../../ui/Loading';

const m = payoutsFr.rates;
const c = invoicesFr.commission;

/** Whole cents from what the input holds: nothing typed, or a negative value, is 0 (free). */
function centsOf(value: string | number): number {
  const euros = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(euros) && euros > 0 ? eurosToCents(euros) : 0;
}

/**
 * The rates page (2-organiser.md §2.9, §9): the caller's own commission (the standard one for a
 * visitor), HT with its VAT on top, and the simulator, both ways, with the same shared functions
 * as the payout balance: the gain is net of the commission TTC.
 */
export default function RatesPage() {
  const { brandName } = useMeta();
  const rate = useRate();
  const [price, setPrice] = useState<string | number>('');
  const [desired, setDesired] = useState<string | number>('');

  if (rate.isPending) return <Loading />;
  if (rate.isError) {
    return (
      <Container size="md" py="xl">
        <Alert color="red" role="alert">
          {m.loadFailed}
        </Alert>
      </Container>
    );
  }
  const commission = rateOf(rate.data);
  const priceCents = centsOf(price);
  const desiredCents = centsOf(desired);
  const gain = organiserGainCents(priceCents, commission);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{m.title}</Title>
        <Text>{m.intro(brandName)}</Text>
        <Paper withBorder radius="md" p="lg">
          <Text size="sm" c="dimmed" fw={600} tt="uppercase">
            {rate.data.isStandard ? m.standardRate : m.reducedRate}
          </Text>
          <Text size="xl" fw={700} data-testid="rate-line">
            {rateLine(rate.data)}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {c.rateVat}
          </Text>
        </Paper>

        <Title order={2} size="h3">
          {m.simulatorTitle}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Simulator label={m.priceLabel} hint={m.priceHint} step={0.1} value={price} onChange={setPrice}>
            {priceCents > 0 && (
              <Stack gap={4}>
                <Group justify="space-between" wrap="nowrap">
                  <Text c="dimmed">{c.exclVat}</Text>
                  <Text data-testid="commission">{formatEuros(organiserCommissionCents(priceCents, commission))}</Text>
                </Group>
                <Group justify="space-between" wrap="nowrap">
                  <Text c="dimmed">{c.inclVat}</Text>
                  <Text data-testid="commission-incl-vat">
                    {formatEuros(organiserCommissionInclVatCents(priceCents, commission))}
                  </Text>
                </Group>
                <Group justify="space-between">
                  <Text fw={600}>{m.gainLabel}</Text>
                  <Text fw={700} size="lg" data-testid="gain">
                    {gain < 0 ? `−${formatEuros(-gain)}` : formatEuros(gain)}
                  </Text>
                </Group>
                {gain <= 0 && (
                  <Text size="sm" c="orange">
                    {m.belowFee}
                  </Text>
                )}
              </Stack>
            )}
          </Simulator>
          <Simulator label={m.desiredLabel} hint={m.desiredHint} step={0.01} value={desired} onChange={setDesired}>
            {desiredCents > 0 && (
              <Group justify="space-between">
                <Text fw={600}>{m.priceToSetLabel}</Text>
                <Text fw={700} size="lg" data-testid="price-to-set">
                  {formatEuros(priceForDesiredNet(desiredCents, commission))}
                </Text>
              </Group>
            )}
          </Simulator>
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {m.payoutNote}
        </Text>
        <Anchor component={Link} to="/contact">
          {m.contactLink}
        </Anchor>
      </Stack>
    </Container>
  );
}

/** One way of the simulator: the amount typed, then its answer, or the free-ticket note while it is 0. */
function Simulator({
  label,
  hint,
  step,
  value,
  onChange,
  children,
}: {
  label: string;
  hint: string;
  step: number;
  value: string | number;
  onChange: (value: string | number) => void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <DecimalInput label={label} description={hint} step={step} value={value} onChange={onChange} />
        <div aria-live="polite">{children || <FreeNote />}</div>
      </Stack>
    </Paper>
  );
}

function FreeNote() {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconInfoCircle size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm">{m.freeTickets}</Text>
    </Group>
  );
}
