import type pg from 'pg';

/**
 * An event of the organiser with `count` attendees, each a live place's holder with an address of
 * their own (`<prefix>-<n>@bench.test`), its place numbered, written by PostgreSQL itself
 * (generate_series). Answers the event's id.
 */
export async function seedAudience(client: pg.Client, organizerId: string, count: number, prefix: string) {
  const event = (
    await client.query<{ id: string }>(
      `insert into events (organizer_id, title, address, date_begin, date_end, is_public)
       values ($1, 'Le grand soir', 'Toulouse', now() + interval '3 days', now() + interval '3 days 5 hours', true)
       returning id`,
      [organizerId],
    )
  ).rows[0]?.id;
  const ticket = (
    await client.query<{ id: string }>(
      `insert into tickets (event_id, title, price_cents, quantity) values ($1, 'Entrée', 1500, $2) returning id`,
      [event, count],
    )
  ).rows[0]?.id;
  await client.query(
    `insert into users (email, password_hash, first_name, last_name, birth_date, terms_version_accepted)
     select $2 || '-' || g || '@bench.test', 'x', 'Camille', 'Nom' || g, '1990-01-01', 1
       from generate_series(1, $1::int) g`,
    [count, prefix],
  );
  // Numbered as their sale would have left them: places owed a number would be numbered by the
  // job runner of the bench that seeds them, which is not what it measures.
  await client.query(
    `insert into participations (event_id, ticket_id, user_id, quantity, first_ticket_number, number_series)
     select $1::uuid, $2, u.id, 1, row_number() over (order by u.id), 'tickets:' || $1::text
       from users u where u.email like $3 || '-%@bench.test'`,
    [event, ticket, prefix],
  );
  await client.query(`insert into number_series (key, last_number) values ('tickets:' || $1, $2)`, [event, count]);
  // Enough messages a day: the cap is not what is measured.
  await client.query(
    `insert into platform_settings (id, attendee_messages_per_day) values (true, 100)
     on conflict (id) do update set attendee_messages_per_day = 100`,
  );
  return event ?? '';
}
