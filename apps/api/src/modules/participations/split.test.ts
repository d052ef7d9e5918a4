import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser } from '../../../test/helpers';
import { useTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';

// The migration to one ticket per place (0052) splits the participations of several places. Its
// statements run here again on rows of the old shape, in a temporary table of the same columns
// that shadows participations for this transaction only.
const t = useTestApp();

const migration = readFileSync(new URL('../../db/migrations/0052_one_ticket_per_place.sql', import.meta.url), 'utf8');
const splitStatements = (migration.split('-- split-places:begin')[1] ?? '')
  .replace(/^[^\n]*\n/, '')
  .split('-- split-places:end')[0]
  ?.split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter(Boolean);

type Row = {
  id: string;
  splitFrom: string | null;
  number: number | null;
  quantity: number;
  entriesUsed: number;
  refundPlaces: number;
  cancelled: boolean;
};

describe('the split of participations of several places', () => {
  it('keeps the original as place 1, numbers the others after it and spreads entries and refund options', async () => {
    expect(splitStatements).toHaveLength(2);
    const organizer = await createUser(t, { isVerified: true });
    const { event, tickets } = await createEvent(t, organizer.id);
    const ticketId = tickets[0]?.id ?? '';
    const user = await createUser(t);
    const rows = await t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`create temporary table participations (like public.participations including defaults) on commit drop`,
      );
      await tx.execute(sql`insert into participations (id, event_id, ticket_id, user_id, quantity, entries_used,
                                                       refund_places, first_ticket_number, cancelled_at)
        values ('00000000-0000-4000-8000-000000000003', ${event.id}, ${ticketId}, ${user.id}, 3, 2, 1, 7, null),
               ('00000000-0000-4000-8000-000000000001', ${event.id}, ${ticketId}, ${user.id}, 1, 1, 0, 10, null),
               ('00000000-0000-4000-8000-000000000002', ${event.id}, ${ticketId}, ${user.id}, 2, 0, 2, null, now())`);
      for (const statement of splitStatements ?? []) await tx.execute(sql.raw(statement));
      return queryRows<Row>(
        tx,
        sql`select coalesce(split_from, id) as "group", id, split_from as "splitFrom", first_ticket_number as number,
                   quantity, entries_used as "entriesUsed", refund_places as "refundPlaces",
                   cancelled_at is not null as cancelled
              from participations order by coalesce(split_from, id), split_from nulls first, first_ticket_number, refund_places desc`,
      );
    });
    const three = '00000000-0000-4000-8000-000000000003';
    const two = '00000000-0000-4000-8000-000000000002';
    expect(
      rows.map(({ id, ...rest }) => ({
        ...rest,
        isOriginal: ['00000000-0000-4000-8000-000000000001', two, three].includes(id),
      })),
    ).toEqual([
      {
        group: '00000000-0000-4000-8000-000000000001',
        splitFrom: null,
        number: 10,
        quantity: 1,
        entriesUsed: 1,
        refundPlaces: 0,
        cancelled: false,
        isOriginal: true,
      },
      {
        group: two,
        splitFrom: null,
        number: null,
        quantity: 1,
        entriesUsed: 0,
        refundPlaces: 1,
        cancelled: true,
        isOriginal: true,
      },
      {
        group: two,
        splitFrom: two,
        number: null,
        quantity: 1,
        entriesUsed: 0,
        refundPlaces: 1,
        cancelled: true,
        isOriginal: false,
      },
      {
        group: three,
        splitFrom: null,
        number: 7,
        quantity: 1,
        entriesUsed: 1,
        refundPlaces: 1,
        cancelled: false,
        isOriginal: true,
      },
      {
        group: three,
        splitFrom: three,
        number: 8,
        quantity: 1,
        entriesUsed: 1,
        refundPlaces: 0,
        cancelled: false,
        isOriginal: false,
      },
      {
        group: three,
        splitFrom: three,
        number: 9,
        quantity: 1,
        entriesUsed: 0,
        refundPlaces: 0,
        cancelled: false,
        isOriginal: false,
      },
    ]);
    // Nothing of the shadowing table is left, and the real participations were not touched.
    const [real] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from public.participations where user_id = ${user.id}`,
    );
    expect(real?.count).toBe(0);
  });
});
