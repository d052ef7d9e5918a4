import { z } from 'zod';
import { cents, pageOf } from '../common/fields';
import { discountedUnitPriceCents } from '../pricing/rules';
import { answerLine } from '../questions/schemas';

/**
 * The event follow-up (2-organiser.md §2.4, §2.5, §3 "Statistics", §9): what the console's
 * Statistiques and Participants tabs read, shared by the API and the web app.
 */

/** Places of one ticket by where they went: sold online, sold at the door, given as invitations, not sold. */
const sourceBreakdown = z.object({
  web: z.number().int(),
  presentiel: z.number().int(),
  invitation: z.number().int(),
  invendu: z.number().int(),
});

const ticketStats = z.object({
  ticketId: z.string(),
  title: z.string(),
  /** The chart's label: the title before its first hyphen (§2.4), unless another ticket's reads the same. */
  label: z.string(),
  sold: z.number().int(),
  /** The ticket's places (a choice ticket's are its options'). */
  available: z.number().int(),
  scanned: z.number().int(),
  grossCents: cents,
  bySource: sourceBreakdown,
});

const promoStats = z.object({
  code: z.string(),
  percent: z.number().int(),
  uses: z.number().int(),
  discountCents: cents,
});
export type PromoStats = z.infer<typeof promoStats>;

/** A count at a time: `at` is a Paris local hour 'YYYY-MM-DDTHH:00' or day 'YYYY-MM-DD'. */
const histogramPoint = z.object({ at: z.string(), quantity: z.number().int() });
export type HistogramPoint = z.infer<typeof histogramPoint>;

export const eventStats = z.object({
  /** Places sold and live (participations not cancelled). */
  participants: z.number().int(),
  /** The event's places: its cap, else the sum of its tickets' places. */
  capacity: z.number().int(),
  unsold: z.number().int(),
  grossCents: cents,
  /** Holders who held a ticket of an earlier event of the same organiser (docs/decisions.md). */
  regulars: z.number().int(),
  holders: z.number().int(),
  regularsPercent: z.number().int(),
  scanned: z.number().int(),
  remainingScans: z.number().int(),
  /** Participations not scanned at all (status Absent). */
  absentees: z.number().int(),
  promoUses: z.number().int(),
  discountCents: cents,
  byTicket: z.array(ticketStats),
  bySource: sourceBreakdown,
  promoCodes: z.array(promoStats),
  soldByHour: z.array(histogramPoint),
  soldByDay: z.array(histogramPoint),
  scannedByHour: z.array(histogramPoint),
  /** Places by the holder's age on the event's first day. */
  ages: z.array(z.object({ age: z.number().int(), quantity: z.number().int() })),
});
export type EventStats = z.infer<typeof eventStats>;

/** Scan status per participation (2-organiser.md §4). */
const scanStatus = z.enum(['scanned', 'incomplete', 'absent']);
export type ScanStatus = z.infer<typeof scanStatus>;

export function scanStatusOf(quantity: number, entriesUsed: number): ScanStatus {
  if (entriesUsed >= quantity) return 'scanned';
  return entriesUsed > 0 ? 'incomplete' : 'absent';
}

export const participantSorts = ['name', 'quantity', 'type', 'date', 'status', 'promo', 'price'] as const;
export type ParticipantSort = (typeof participantSorts)[number];

/** Limits of the participants list's query: a page, a search. */
export const PARTICIPANTS_LIST = { pageSize: 50, maxPageSize: 200, maxSearch: 100 } as const;

export const participantsQuery = z.object({
  q: z.string().max(PARTICIPANTS_LIST.maxSearch).optional(),
  sort: z.enum(participantSorts).catch('name').default('name'),
  dir: z.enum(['asc', 'desc']).catch('asc').default('asc'),
  offset: z.coerce.number().int().min(0).max(10_000_000).catch(0).default(0),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PARTICIPANTS_LIST.maxPageSize)
    .catch(PARTICIPANTS_LIST.pageSize)
    .default(PARTICIPANTS_LIST.pageSize),
  /** One date of a multi-date event (issue 32); absent: every date. */
  dateId: z.string().max(64).optional(),
});
export type ParticipantsQuery = z.infer<typeof participantsQuery>;

/** One row of 'Billets' and its details (§2.5, §3 "Ticket list item"): one participation. */
const participantRow = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  age: z.number().int().nullable(),
  quantity: z.number().int(),
  ticketTitle: z.string(),
  source: z.enum(['web', 'presentiel', 'invendu', 'invitation']),
  isGift: z.boolean(),
  purchasedAt: z.string(),
  status: scanStatus,
  entriesUsed: z.number().int(),
  lastScanAt: z.string().nullable(),
  promoCode: z.string().nullable(),
  promoPercent: z.number().int().nullable(),
  unitPriceCents: cents,
  /** Quantity × unit price less the promo percentage, never below 0 (§2.5). */
  totalCents: cents,
  /** One per place, in the event's series; empty until numbered, just after the sale. */
  ticketNumbers: z.array(z.number().int()),
  /** The order it was sold in, for its invoices; none for a place given without one. */
  orderId: z.string().nullable(),
  /** Its places, each its own ticket (issue 30): number, holder and whether it came in. */
  places: z.array(
    z.object({
      id: z.string(),
      ticketNumber: z.number().int().nullable(),
      holderName: z.string(),
      isScanned: z.boolean(),
      /** The answers to the questions asked for this place (issue 30), in the questions' order. */
      answers: z.array(answerLine),
    }),
  ),
  /** The answers to the questions asked once for its order. */
  orderAnswers: z.array(answerLine),
});
export type ParticipantRow = z.infer<typeof participantRow>;

/** `total` counts rows (an order's places of one ticket); `places` their places, a row of 3 counting 3. */
export const participantsPage = pageOf(participantRow).extend({ places: z.number().int() });
export type ParticipantsPage = z.infer<typeof participantsPage>;

/** The two exports of §9: the list screen's 17 columns, the follow-up screen's 13, each with the holder after. */
export const exportQuery = z.object({
  columns: z.enum(['list', 'follow-up']).catch('list').default('list'),
});
export type ExportColumns = z.infer<typeof exportQuery>['columns'];

/**
 * A row's total (§2.5, §3 "Total paid"): quantity × unit price less the percentage, at least 0,
 * the percentage taken off each place as the checkout charged it.
 */
export function participationTotalCents(quantity: number, unitPriceCents: number, percent: number | null): number {
  return quantity * discountedUnitPriceCents(unitPriceCents, percent);
}

/** The chart label of a ticket: its title before the first hyphen (§2.4). */
export function ticketChartLabel(title: string): string {
  return (title.split('-')[0] ?? title).trim() || title;
}

/**
 * The chart labels of an event's tickets, one per title and each told apart from the others: the
 * spec's short label (before the first hyphen) where no other ticket shares it, else the whole
 * title (a choice ticket's options, 'Formule - Repas' and 'Formule - Boisson', would all read
 * 'Formule'), and a number after titles that are themselves alike.
 */
export function ticketChartLabels(titles: readonly string[]): string[] {
  const countOf = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return counts;
  };
  const short = titles.map(ticketChartLabel);
  const shortCounts = countOf(short);
  const labels = titles.map((title, i) =>
    (shortCounts.get(short[i] ?? '') ?? 0) > 1 ? title.trim() : (short[i] ?? title),
  );
  const labelCounts = countOf(labels);
  const seen = new Map<string, number>();
  return labels.map((label) => {
    if ((labelCounts.get(label) ?? 0) < 2) return label;
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return n === 1 ? label : `${label} (${n})`;
  });
}

/** The columns both exports open with: the buyer, the ticket and what was paid. */
const PURCHASE_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'age',
  'quantity',
  'ticket',
  'price',
  'promoCode',
  'promoPercent',
  'total',
] as const;

/** The columns of each export, in the order of §9 "Export columns". */
export const EXPORT_COLUMNS = {
  list: [
    ...PURCHASE_COLUMNS,
    'insurances',
    'insurancePrice',
    'date',
    'device',
    'remainingScans',
    'scanDate',
    'studies',
    // The places' numbers in the event's series (issue 29: CGI art. 290 quater), after §9's columns,
    // then the place's holder (issue 30: one row per place).
    'ticketNumbers',
    'holder',
  ],
  'follow-up': [...PURCHASE_COLUMNS, 'studies', 'remainingScans', 'scanDate', 'ticketNumbers', 'holder'],
} as const satisfies Record<ExportColumns, readonly string[]>;
export type ExportColumn = (typeof EXPORT_COLUMNS)[ExportColumns][number];
