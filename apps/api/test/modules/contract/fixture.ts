import { randomUUID } from 'node:crypto';
import { discountCodes, eventStaff, orders, participations, tickets } from '../../../src/db/schema';
import { createEvent, createUser, giveBillingIdentity, loginAs, type TestApp } from '../../helpers';

/** The callers a permission is decided for (issue 15). */
export const roles = [
  'visitor',
  'other',
  'holder',
  'owner',
  'unverifiedOrganiser',
  'verifiedOrganiser',
  'staff',
  'boxOffice',
  'admin',
] as const;
export type Role = (typeof roles)[number];

export type Cast = Record<Role, { id: string | null; email: string | null; cookie: string | undefined }>;

/**
 * One account per role, logged in: `owner` organises the fixture's event (verified), `holder`
 * holds a paid place of it, `staff` scans at its door (a scanner), `boxOffice` scans and sells
 * there; the two organisers and `other` have no
 * tie to it (the unverified organiser has an event of their own).
 */
export async function createCast(t: TestApp): Promise<Cast> {
  const values: Record<Exclude<Role, 'visitor'>, Parameters<typeof createUser>[1]> = {
    other: { firstName: 'Autre' },
    holder: { firstName: 'Titulaire' },
    owner: { firstName: 'Organisatrice', isVerified: true },
    unverifiedOrganiser: { firstName: 'Novice', isVerified: false },
    verifiedOrganiser: { firstName: 'Vérifiée', isVerified: true },
    staff: { firstName: 'Équipe' },
    boxOffice: { firstName: 'Billetterie' },
    admin: { firstName: 'Admin', role: 'admin' },
  };
  const cast = { visitor: { id: null, email: null, cookie: undefined } } as Cast;
  for (const [role, value] of Object.entries(values) as [Exclude<Role, 'visitor'>, typeof values.other][]) {
    cast[role] = await signIn(t, value);
  }
  if (cast.unverifiedOrganiser.id) await createEvent(t, cast.unverifiedOrganiser.id);
  return cast;
}

/** A new account, logged in (a role whose account a route deleted is given a new one). */
export async function signIn(t: TestApp, values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, values);
  return { id: user.id, email: user.email, cookie: await loginAs(t, user.email) };
}

export type Fixture = Awaited<ReturnType<typeof createFixture>>;

/**
 * The owner's public paid event with a ticket, a choice ticket and its option, a promo code, a
 * paid order of the holder with its participation, and a member of staff: the real ids that
 * the routes' path parameters take.
 */
export async function createFixture(t: TestApp, cast: Cast) {
  const ownerId = cast.owner.id as string;
  const holderId = cast.holder.id as string;
  await giveBillingIdentity(t, ownerId);
  const {
    event,
    tickets: [ticket, choice],
  } = await createEvent(t, ownerId, { dateMaxRefund: new Date(Date.now() + 5 * 86_400_000) }, [
    { priceCents: 1000, quantity: 100 },
    { priceCents: 2000, quantity: 50, isMultipart: true, position: 1 },
  ]);
  if (!ticket || !choice) throw new Error('tickets not created');
  const [option] = await t.database.db
    .insert(tickets)
    .values({ eventId: event.id, parentId: choice.id, title: 'Option', priceCents: 2000, quantity: 50, position: 2 })
    .returning();
  const [discount] = await t.database.db
    .insert(discountCodes)
    .values({ eventId: event.id, code: `PROMO${randomUUID().slice(0, 6)}`, percent: 10 })
    .returning();
  const [order] = await t.database.db
    .insert(orders)
    .values({
      reference: `F${randomUUID().replace(/-/g, '').slice(0, 10)}`,
      eventId: event.id,
      userId: holderId,
      buyerEmail: cast.holder.email as string,
      buyerFirstName: 'Titulaire',
      buyerLastName: 'Test',
      buyerBirthDate: '1995-05-05',
      status: 'paid',
      provider: 'sandbox',
      subtotalCents: 2000,
      totalCents: 2000,
      ticketCount: 2,
      expiresAt: new Date(),
      paidAt: new Date(),
    })
    .returning();
  const [participation] = await t.database.db
    .insert(participations)
    .values({ eventId: event.id, ticketId: ticket.id, userId: holderId, orderId: order?.id, quantity: 2 })
    .returning();
  await t.database.db.insert(eventStaff).values([
    { eventId: event.id, userId: cast.staff.id as string, addedBy: ownerId },
    { eventId: event.id, userId: cast.boxOffice.id as string, addedBy: ownerId, role: 'box-office' },
  ]);
  if (!option || !discount || !order || !participation) throw new Error('fixture not created');
  return { event, ticket, choice, option, discount, order, participation, staffId: cast.staff.id as string };
}
