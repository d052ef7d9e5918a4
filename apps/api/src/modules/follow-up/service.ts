import {
  type AnswerLine,
  type Answers,
  answerText,
  datesFr,
  type EventStats,
  fr,
  type ParticipantRow,
  type ParticipantsPage,
  type ParticipantsQuery,
  type QuestionView,
  scanStatusOf,
  ticketChartLabels,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { can, type Viewer } from '../../policy/can';
import { authorizeEvent, authorizeEventRow, eventNotFound } from '../../policy/event-access';
import { type SessionCopy, type SessionGuard, sessionGuardOf } from '../auth/session-copy';
import { findDates } from '../dates/dates.repository';
import { findEventQuestions } from '../questions/questions.repository';
import * as repo from './repository';

/** The event whose sales the viewer follows: its organiser or an administrator; anyone else is told it does not exist. */
export async function followedEvent(deps: AppDeps, viewer: Viewer | null, eventId: string): Promise<repo.EventHead> {
  const access = await authorizeEvent(deps.db, viewer, eventId, 'followSales', { hideRefusal: true });
  const event = await repo.findEventHead(deps.db, access.id);
  if (!event) throw eventNotFound();
  return event;
}

/**
 * The date a follow-up is filtered by (issue 32): one of the event's, or none; a one-date event's
 * own id is the whole event. Another is not found (404, in French).
 */
export async function followedDate(deps: AppDeps, eventId: string, dateId: string | undefined) {
  if (!dateId) return null;
  // The first date of an event of several has the event's id: it is a date, not the whole event.
  if (isUuid(dateId) && (await repo.findEventDateIds(deps.db, eventId)).includes(dateId)) return dateId;
  if (dateId === eventId) return null;
  throw new AppError('DATE_NOT_FOUND', datesFr.notFound, 404, 'dateId');
}

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((100 * part) / whole) : 0);

/** The viewer as the database has their session, for reads that do not confirm a copy of it. */
const sessionRead = async (viewer: Viewer | null, session: SessionCopy | undefined) =>
  session?.guessed ? session.again() : viewer;

/**
 * A whole event's follow-up read by `read`, one statement that also reads the event's access and
 * confirms the session copy (`session`): a copy no longer holding is read again from the
 * database, and the statement sent once more.
 */
async function readFollowedEvent<T extends repo.FollowedEvent>(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  session: SessionCopy | undefined,
  read: (reader: repo.FollowUpReader, guard: SessionGuard | undefined) => Promise<T | undefined>,
): Promise<T> {
  let who = viewer;
  let copy = session;
  for (;;) {
    if (!who) throw new AppError('UNAUTHENTICATED', fr.shell.notLoggedIn, 401);
    // The policy decides on the event's row; the statement reads the figures only for whom it may allow.
    const anyone = { organizerId: '', isPublic: false, isStaff: false };
    const reader = {
      id: who.id,
      followsAny: can(who, 'followSales', anyone),
      followsOwn: can(who, 'followSales', { ...anyone, organizerId: who.id }),
    };
    const guard = sessionGuardOf(copy, who, deps.clock.now());
    const found = isUuid(eventId) ? await read(reader, guard) : undefined;
    if (guard && copy && !found?.sessionHolds) {
      // A copy no longer holding, or an event not found for it: the session as the database has it.
      who = await copy.again();
      copy = undefined;
      continue;
    }
    if (!found) throw eventNotFound();
    authorizeEventRow(found.access, who, 'followSales', { hideRefusal: true });
    return found;
  }
}

/** The Statistiques tab (2-organiser.md §2.4, §3 "Statistics"): sums of the rows kept beside the places. */
export async function eventStats(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  dateId?: string,
  session?: SessionCopy,
): Promise<EventStats> {
  if (!dateId) {
    const found = await readFollowedEvent(deps, viewer, eventId, session, (reader, guard) =>
      repo.statisticsOfEvent(deps.db, eventId, reader, guard),
    );
    if (!found.figures) throw eventNotFound();
    return statisticsOf(found.figures, { nbMaxParticipants: found.nbMaxParticipants, dateCapacity: null });
  }
  // One date (issue 32): its places and the passes covering it; the promo codes stay the event's.
  const event = await followedEvent(deps, await sessionRead(viewer, session), eventId);
  const date = await followedDate(deps, event.id, dateId);
  const [tickets, people, promoCodes, soldByHour, soldByDay, scannedByHour, ages, dates] = await Promise.all([
    repo.ticketTotals(deps.db, event.id, date),
    repo.peopleTotals(deps.db, event, date),
    repo.promoTotals(deps.db, event.id),
    repo.soldHistogram(deps.db, event.id, 'hour', date),
    repo.soldHistogram(deps.db, event.id, 'day', date),
    repo.scannedHistogram(deps.db, event.id, date),
    repo.ageHistogram(deps.db, event, date),
    date ? findDates(deps.db, event.id) : [],
  ]);
  return statisticsOf(
    { tickets, people, promoCodes, soldByHour, soldByDay, scannedByHour, ages },
    {
      nbMaxParticipants: event.nbMaxParticipants,
      // A date's own capacity bounds its places (issue 32); else the event's maximum, if any.
      dateCapacity: dates.find((d) => d.id === date)?.capacity ?? null,
    },
  );
}

/** The tab's figures from the sums read, the capacity bounded by the event's maximum or the date's own. */
function statisticsOf(
  figures: repo.EventFigures,
  bounds: { nbMaxParticipants: number; dateCapacity: number | null },
): EventStats {
  const { tickets, people, promoCodes, soldByHour, soldByDay, scannedByHour, ages } = figures;
  const titles = tickets.map((t) => (t.headTitle ? `${t.headTitle} - ${t.title}` : t.title));
  const labels = ticketChartLabels(titles);
  const byTicket = tickets.map((t, i) => {
    const sold = t.web + t.presentiel + t.invitation + t.invendu;
    const title = titles[i] ?? t.title;
    return {
      ticketId: t.id,
      title,
      label: labels[i] ?? title,
      sold,
      available: t.quantity,
      scanned: t.scanned,
      grossCents: t.grossCents,
      // Invendu: the ticket's places nobody took (and any given away unsold).
      bySource: {
        web: t.web,
        presentiel: t.presentiel,
        invitation: t.invitation,
        invendu: Math.max(0, t.quantity - sold) + t.invendu,
      },
    };
  });
  const sum = (pick: (t: (typeof byTicket)[number]) => number) => byTicket.reduce((total, t) => total + pick(t), 0);
  const participants = sum((t) => t.sold);
  const places = sum((t) => t.available);
  const bound = bounds.dateCapacity ?? (bounds.nbMaxParticipants > 0 ? bounds.nbMaxParticipants : null);
  const capacity = bound === null ? places : Math.min(bound, places);
  const scanned = sum((t) => t.scanned);
  return {
    participants,
    capacity: Math.max(capacity, participants),
    unsold: Math.max(0, capacity - participants),
    grossCents: sum((t) => t.grossCents),
    regulars: people.regulars,
    holders: people.holders,
    regularsPercent: percentOf(people.regulars, people.holders),
    scanned,
    remainingScans: Math.max(0, participants - scanned),
    absentees: people.absentees,
    promoUses: promoCodes.reduce((total, p) => total + p.uses, 0),
    discountCents: promoCodes.reduce((total, p) => total + p.discountCents, 0),
    byTicket,
    bySource: {
      web: sum((t) => t.bySource.web),
      presentiel: sum((t) => t.bySource.presentiel),
      invitation: sum((t) => t.bySource.invitation),
      invendu: Math.max(0, capacity - participants),
    },
    promoCodes,
    soldByHour,
    soldByDay,
    scannedByHour,
    ages,
  };
}

/** The answers given, in the questions' order, in words; those to deleted questions are not shown. */
export function answerLines(questions: QuestionView[], answers: Answers | null): AnswerLine[] {
  return questions.flatMap((question) => {
    const value = answers?.[question.id];
    return value === undefined
      ? []
      : [{ questionId: question.id, label: question.label, text: answerText(question.kind, value) }];
  });
}

function toParticipantRow(row: repo.ParticipantDbRow, questions: QuestionView[]): ParticipantRow {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    age: row.age,
    quantity: row.quantity,
    ticketTitle: row.ticketTitle,
    source: row.source,
    isGift: row.isGift,
    purchasedAt: new Date(row.purchasedAt).toISOString(),
    status: scanStatusOf(row.quantity, row.entriesUsed),
    entriesUsed: row.entriesUsed,
    lastScanAt: row.lastScanAt ? new Date(row.lastScanAt).toISOString() : null,
    promoCode: row.promoCode,
    promoPercent: row.promoCode ? row.promoPercent : null,
    unitPriceCents: row.unitPriceCents,
    totalCents: Math.max(0, row.totalCents),
    ticketNumbers: row.places.flatMap((place) => (place.ticketNumber === null ? [] : [place.ticketNumber])),
    orderId: row.orderId,
    places: row.places.map((place) => ({
      id: place.id,
      ticketNumber: place.ticketNumber,
      holderName: place.holderName,
      isScanned: place.entriesUsed > 0,
      answers: answerLines(questions, place.answers),
    })),
    orderAnswers: answerLines(questions, row.orderAnswers),
  };
}

/**
 * The 'Billets' list (2-organiser.md §2.5): one page, sorted and searched by the database. The
 * session may be the process's copy (`session`), which the page's statement confirms: a copy no
 * longer holding is read again from the database, and the page asked once more.
 */
export async function listParticipants(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  query: ParticipantsQuery,
  session?: SessionCopy,
): Promise<ParticipantsPage> {
  // One date of several (issue 32) is checked against the event's dates first: its list reads the
  // event before its page, on the session as the database has it.
  if (query.dateId) return listParticipantsOfDate(deps, await sessionRead(viewer, session), eventId, query);
  const found = await readFollowedEvent(deps, viewer, eventId, session, (reader, guard) =>
    repo.participantsPageOfEvent(deps.db, eventId, reader, query, guard),
  );
  if (!found.page) throw eventNotFound();
  const { page, questions } = found;
  return { items: page.rows.map((row) => toParticipantRow(row, questions)), total: page.total, places: page.places };
}

/** The list of one date of an event of several (issue 32). */
async function listParticipantsOfDate(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  query: ParticipantsQuery,
): Promise<ParticipantsPage> {
  const event = await followedEvent(deps, viewer, eventId);
  const dateId = await followedDate(deps, event.id, query.dateId);
  const [page, questions] = await Promise.all([
    repo.participantsPage(deps.db, event.id, { ...query, dateId: dateId ?? undefined }),
    findEventQuestions(deps.db, event.id),
  ]);
  return { items: page.rows.map((row) => toParticipantRow(row, questions)), total: page.total, places: page.places };
}
