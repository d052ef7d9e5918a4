import { eq } from 'drizzle-orm';
import { hashPassword } from '../../modules/auth/passwords';
import type { Database } from '../client';
import { billingIdentities, events, eventTypes, tickets, users } from '../schema';

const DEMO_PASSWORD = 'Demo1234';
const DEMO_ACCOUNTS = {
  admin: 'admin@guichet.test',
  organizer: 'organisateur@guichet.test',
  user: 'utilisateur@guichet.test',
} as const;

const DAY = 86_400_000;

/** The demo events whose sales are then made as real ones (demo-sales.ts). */
export type DemoSaleEvents = {
  organizer: typeof users.$inferSelect;
  passwordHash: string;
  past: { id: string; ticketId: string; dateBegin: Date };
  soldOut: { id: string; ticketId: string };
};

/** Seeds the demo once (embedded and development modes only). Returns null when already seeded. */
export async function seedDemoData(db: Database, now: Date = new Date()): Promise<DemoSaleEvents | null> {
  const existing = await db.query.users.findFirst({ where: eq(users.email, DEMO_ACCOUNTS.admin) });
  if (existing) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const at = (days: number, hour = 20) => {
    const date = new Date(now.getTime() + days * DAY);
    date.setUTCHours(hour, 0, 0, 0);
    return date;
  };

  return db.transaction(async (tx) => {
    const [admin, organizer, user] = await tx
      .insert(users)
      .values([
        {
          email: DEMO_ACCOUNTS.admin,
          passwordHash,
          firstName: 'Alice',
          lastName: 'Administratrice',
          birthDate: '1990-04-12',
          role: 'admin',
          isVerified: true,
          termsVersionAccepted: 1,
        },
        {
          email: DEMO_ACCOUNTS.organizer,
          passwordHash,
          firstName: 'Olivier',
          lastName: 'Organisateur',
          birthDate: '1988-09-03',
          isVerified: true,
          description: 'Association étudiante : soirées, galas et festivals à Toulouse.',
          termsVersionAccepted: 1,
        },
        {
          email: DEMO_ACCOUNTS.user,
          passwordHash,
          firstName: 'Ursule',
          lastName: 'Utilisatrice',
          birthDate: '2001-01-25',
          termsVersionAccepted: 1,
        },
      ])
      .returning();
    if (!admin || !organizer || !user) throw new Error('demo users not created');
    // An association without a SIREN, under the VAT franchise: the demo's paid events may open.
    await tx.insert(billingIdentities).values({
      organizerId: organizer.id,
      legalName: 'Association étudiante toulousaine',
      street: '15 Rue des Lois',
      postcode: '31000',
      city: 'Toulouse',
      country: 'France',
      rna: 'W313012345',
      vatRegime: 'franchise',
    });
    const types = new Map((await tx.select().from(eventTypes)).map((t) => [t.label, t.id]));

    const insertEvent = async (values: Omit<typeof events.$inferInsert, 'organizerId'>, organizerId = organizer.id) => {
      const [row] = await tx
        .insert(events)
        .values({ organizerId, ...values })
        .returning({ id: events.id });
      if (!row) throw new Error('demo event not created');
      return row.id;
    };

    const gala = await insertEvent({
      title: "Gala d'hiver des étudiants",
      description:
        "La grande soirée de l'hiver.\nDress code : tenue de soirée.\nNavettes depuis le campus toutes les 30 minutes.",
      address: '1 Allée Jacques Chaban-Delmas, 31500 Toulouse',
      latitude: 43.6108,
      longitude: 1.4537,
      typeId: types.get('Gala'),
      dateBegin: at(20, 19),
      dateEnd: at(21, 3),
      dateMaxRefund: at(15, 22),
      nbMaxParticipants: 450,
      isPublic: true,
      isUserPaysFees: true,
    });
    await tx.insert(tickets).values([
      {
        eventId: gala,
        title: 'Entrée standard',
        description: 'Accès à la soirée.',
        priceCents: 2500,
        quantity: 300,
        position: 0,
      },
      {
        eventId: gala,
        title: 'Entrée VIP',
        description: 'Accès carré VIP et vestiaire.',
        priceCents: 4500,
        quantity: 50,
        maxToBuy: 2,
        position: 1,
      },
      {
        eventId: gala,
        title: 'Invitation partenaire',
        description: 'Réservée aux partenaires.',
        priceCents: 1000,
        quantity: 100,
        isHidden: true,
        position: 2,
      },
    ]);

    const festival = await insertEvent({
      title: 'Festival Électro du Canal',
      description: 'Deux scènes, douze artistes, food trucks.\nOuverture des portes à 16 h.',
      address: 'Port Saint-Sauveur, 31000 Toulouse',
      latitude: 43.5946,
      longitude: 1.4571,
      typeId: types.get('Festival'),
      dateBegin: at(45, 16),
      dateEnd: at(46, 2),
      dateMaxRefund: at(40, 22),
      isPublic: true,
      paymentProvider: 'sandbox',
    });
    const [pass] = await tx
      .insert(tickets)
      .values({
        eventId: festival,
        title: 'Pass festival',
        description: 'Choisissez votre formule.',
        priceCents: 3000,
        quantity: 400,
        isMultipart: true,
        position: 0,
      })
      .returning({ id: tickets.id });
    if (!pass) throw new Error('demo ticket not created');
    await tx.insert(tickets).values([
      { eventId: festival, parentId: pass.id, title: 'Pass 1 jour', priceCents: 3000, quantity: 250, position: 1 },
      { eventId: festival, parentId: pass.id, title: 'Pass 2 jours', priceCents: 5500, quantity: 150, position: 2 },
    ]);

    const picnic = await insertEvent({
      title: 'Pique-nique de rentrée',
      description: 'Venez avec vos plaids, on fournit la musique.',
      address: 'Jardin des Plantes, 31400 Toulouse',
      typeId: types.get('Autre'),
      dateBegin: at(10, 11),
      dateEnd: at(10, 18),
      nbMaxParticipants: 200,
      isPublic: true,
    });
    await tx.insert(tickets).values({ eventId: picnic, title: 'Entrée libre', priceCents: 0, quantity: 200 });

    const conference = await insertEvent({
      title: "Conférence : l'IA et la musique",
      description: 'Une heure de conférence, une heure de questions.',
      address: '2 Rue du Doyen-Gabriel-Marty, 31000 Toulouse',
      typeId: types.get('Conférence'),
      dateBegin: at(5, 18),
      dateEnd: at(5, 20),
      isPublic: true,
      isNeedsUserStudies: true,
    });
    await tx.insert(tickets).values({ eventId: conference, title: 'Place assise', priceCents: 0, quantity: 120 });

    const privateParty = await insertEvent({
      title: 'Anniversaire de Lina (privé)',
      description: 'Soirée privée sur invitation.',
      address: '12 Rue de Metz, 31000 Toulouse',
      typeId: types.get('Soirée'),
      dateBegin: at(12, 20),
      dateEnd: at(13, 2),
      nbMaxParticipants: 40,
      isPublic: false,
    });
    await tx.insert(tickets).values({ eventId: privateParty, title: 'Invitation', priceCents: 0, quantity: 40 });

    const userPrivate = await insertEvent(
      {
        title: 'Soirée jeux de société',
        description: 'Entre amis, chez Ursule.',
        address: '5 Place du Capitole, 31000 Toulouse',
        typeId: types.get('Soirée'),
        dateBegin: at(8, 19),
        dateEnd: at(8, 23),
        nbMaxParticipants: 10,
        isPublic: false,
      },
      user.id,
    );
    await tx.insert(tickets).values({ eventId: userPrivate, title: 'Participation', priceCents: 0, quantity: 10 });

    const pastBegin = at(-60, 21);
    const past = await insertEvent({
      title: "Soirée d'intégration 2026",
      description: "L'édition de septembre.",
      address: 'Place Saint-Pierre, 31000 Toulouse',
      typeId: types.get('Soirée'),
      dateBegin: pastBegin,
      dateEnd: at(-59, 3),
      isPublic: true,
      isOpen: false,
    });
    const [pastTicket] = await tx
      .insert(tickets)
      .values({ eventId: past, title: 'Entrée', priceCents: 800, quantity: 120 })
      .returning({ id: tickets.id });

    const soldOut = await insertEvent({
      title: 'Concert acoustique au Bikini',
      description: 'Concert intimiste, places limitées.',
      address: 'Rue Théodore Monod, 31520 Ramonville-Saint-Agne',
      typeId: types.get('Concert'),
      dateBegin: at(25, 20),
      dateEnd: at(25, 23),
      isPublic: true,
    });
    const [soldOutTicket] = await tx
      .insert(tickets)
      .values({ eventId: soldOut, title: 'Fosse', priceCents: 1800, quantity: 20 })
      .returning({ id: tickets.id });
    if (!pastTicket || !soldOutTicket) throw new Error('demo tickets not created');
    return {
      organizer,
      passwordHash,
      past: { id: past, ticketId: pastTicket.id, dateBegin: pastBegin },
      soldOut: { id: soldOut, ticketId: soldOutTicket.id },
    };
  });
}
