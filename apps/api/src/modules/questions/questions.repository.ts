import type { QuestionView } from '@guichet/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { eventQuestions, tickets } from '../../db/schema';

type NewQuestion = Omit<QuestionView, 'id'>;

const columns = {
  id: eventQuestions.id,
  label: eventQuestions.label,
  kind: eventQuestions.kind,
  choices: eventQuestions.choices,
  isRequired: eventQuestions.isRequired,
  scope: eventQuestions.scope,
  ticketId: eventQuestions.ticketId,
};

/** An event's questions in the order the organiser added them (the booking and the exports follow it). */
export function findEventQuestions(db: Database, eventId: string): Promise<QuestionView[]> {
  return db
    .select(columns)
    .from(eventQuestions)
    .where(eq(eventQuestions.eventId, eventId))
    .orderBy(asc(eventQuestions.position), asc(eventQuestions.createdAt));
}

/**
 * The event's row locked until the transaction ends: two questions added at once are counted one
 * after the other, so the cap holds.
 */
export async function lockEventQuestions(tx: Database, eventId: string): Promise<{ count: number; next: number }> {
  await queryRows(tx, sql`select id from events where id = ${eventId} for update`);
  const [row] = await queryRows<{ count: number; next: number }>(
    tx,
    sql`select count(*)::int as count, coalesce(max(position), 0)::int + 1 as next
          from event_questions where event_id = ${eventId}`,
  );
  return row ?? { count: 0, next: 1 };
}

/** Whether the ticket is a live ticket of the event (a question may be about it). */
export async function isEventTicket(db: Database, eventId: string, ticketId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.eventId, eventId), isNull(tickets.deletedAt)));
  return Boolean(row);
}

export async function insertQuestion(
  tx: Database,
  eventId: string,
  position: number,
  question: NewQuestion,
): Promise<QuestionView> {
  const [row] = await tx
    .insert(eventQuestions)
    .values({ eventId, position, ...question })
    .returning(columns);
  if (!row) throw new Error('insert into event_questions returned nothing');
  return row;
}

export async function updateQuestion(
  db: Database,
  eventId: string,
  id: string,
  question: NewQuestion,
): Promise<QuestionView | undefined> {
  const [row] = await db
    .update(eventQuestions)
    .set(question)
    .where(and(eq(eventQuestions.id, id), eq(eventQuestions.eventId, eventId)))
    .returning(columns);
  return row;
}

export async function deleteQuestion(db: Database, eventId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(eventQuestions)
    .where(and(eq(eventQuestions.id, id), eq(eventQuestions.eventId, eventId)))
    .returning({ id: eventQuestions.id });
  return rows.length > 0;
}
