import { randomUUID } from 'node:crypto';
import type { ApiTokenScope } from '@guichet/shared';
import { PASSWORD, uniqueEmail } from '../../helpers';
import { createPayload } from '../organiser/payloads';
import type { Cast, Fixture, Role } from './fixture';

/**
 * Who may call what (issue 15): every route of the application, each role's expected status.
 * The permission test fails on a route that is missing here, so a new route cannot ship without
 * its line. Roles (fixture.ts): visitor, other (an unrelated account), holder (a paid place of
 * the event), owner (the event's verified organiser), unverifiedOrganiser, verifiedOrganiser (an
 * unrelated one), staff (scans at the event's door), boxOffice (scans and sells at the door:
 * unless a line says otherwise, what staff get), admin.
 */
export type Expected = Record<Role, number>;

export type Call = {
  /** Path parameters by name; by default those of the fixture (paramsOf in permissions.test.ts). */
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
};

export type Line = {
  expect: Expected;
  /** A request that the allowed roles can carry out (a valid body, the right ids). */
  call?: (f: Fixture, cast: Cast, role: Role) => Call;
  /** The route ends the caller's session or account: the role gets a new account after it. */
  endsAccount?: boolean;
  /**
   * The scope an API token needs here (issue 33), and the status the owner's token with it gets
   * (the owner's by default); a token without it gets 403. No `token`: every token gets 403.
   */
  token?: { scope: ApiTokenScope; status?: number };
};

/** Every role the same status. */
const all = (status: number): Expected => ({
  visitor: status,
  other: status,
  holder: status,
  owner: status,
  unverifiedOrganiser: status,
  verifiedOrganiser: status,
  staff: status,
  boxOffice: status,
  admin: status,
});
/** A logged-in account answers `status`, a visitor 401; then the exceptions. */
const signedIn = (status: number, exceptions: Partial<Expected> = {}): Expected => ({
  ...all(status),
  visitor: 401,
  ...exceptions,
  boxOffice: exceptions.boxOffice ?? exceptions.staff ?? status,
});
/** Only the administrator (403 for other accounts). */
const adminOnly = (status: number): Expected => ({ ...all(403), visitor: 401, admin: status });
/**
 * The event's organiser and the administrator; `refused` for every other account. The console
 * answers 404 to the others (EVENT_NOT_FOUND: it does not tell that the event exists), the
 * authoring routes 403.
 */
const ownerOrAdmin = (status: number, refused: number, exceptions: Partial<Expected> = {}): Expected => ({
  ...signedIn(refused),
  owner: status,
  admin: status,
  ...exceptions,
  boxOffice: exceptions.boxOffice ?? exceptions.staff ?? refused,
});

const participant = () => ({
  email: uniqueEmail('porte'),
  firstName: 'Léa',
  lastName: 'Martin',
  phone: '06 12 34 56 78',
  birthDate: '1990-01-01',
});

const appleDevice = { deviceId: 'appareil-1', passTypeId: 'pass.test.guichet' };

export const permissionTable: Record<string, Line> = {
  // Deployment and contract
  'GET /api/health': { expect: all(200) },
  'GET /api/health/live': { expect: all(200) },
  'GET /api/health/ready': { expect: all(200) },
  'GET /api/meta': { expect: all(200) },
  'GET /api/openapi.json': { expect: all(200) },
  'GET /api/docs': { expect: all(200) },
  'GET /api/rates': { expect: all(200) },
  'GET /api/studies': { expect: all(200) },
  'GET /api/ticket-codes/public-key': { expect: all(200) },
  // Outside production only (the test application is a development one).
  'GET /api/dev/mail': { expect: all(200) },
  'GET /api/dev/mail/:id/attachments/:index': {
    expect: all(404),
    call: () => ({ params: { id: randomUUID(), index: '0' } }),
  },
  'GET /api/dev/mail/:id/raw': { expect: all(404), call: () => ({ params: { id: randomUUID() } }) },

  // Accounts and sessions
  // A logged-in account may create another one: nothing in the specs forbids it.
  'POST /api/auth/register': {
    expect: all(201),
    call: () => {
      const email = uniqueEmail('inscription');
      return {
        body: {
          email,
          firstName: 'Inès',
          lastName: 'Inscrite',
          birthDate: '1990-01-01',
          password: PASSWORD,
          passwordConfirmation: PASSWORD,
          acceptTerms: true,
        },
      };
    },
  },
  'POST /api/auth/login': {
    expect: all(200),
    call: (_f, cast) => ({ body: { email: cast.other.email, password: PASSWORD } }),
  },
  'POST /api/auth/logout': { expect: all(204), endsAccount: true },
  'GET /api/auth/me': { expect: signedIn(200) },
  'GET /api/auth/session': { expect: all(200) },
  'POST /api/auth/password-reset': { expect: all(200), call: (_f, cast) => ({ body: { email: cast.other.email } }) },
  'POST /api/auth/password-reset/verify': {
    expect: all(400),
    call: (_f, cast) => ({ body: { email: cast.other.email, code: '000000' } }),
  },
  'POST /api/auth/password-reset/confirm': {
    expect: all(400),
    call: (_f, cast) => ({
      body: { email: cast.other.email, code: '000000', password: PASSWORD, passwordConfirmation: PASSWORD },
    }),
  },
  'POST /api/me/terms': { expect: signedIn(204) },
  'GET /api/me/profile': { expect: signedIn(200) },
  'PUT /api/me/profile': {
    expect: signedIn(200),
    call: (_f, cast, role) => ({
      body: {
        email: cast[role].email,
        firstName: 'Jeanne',
        lastName: 'Test',
        birthDate: '1995-05-05',
        gender: 'undefined',
        description: '',
      },
    }),
  },
  // Without a file: the route reads multipart only (a real upload is tested in account/profile.test.ts).
  'POST /api/me/photo': { expect: signedIn(415) },
  'POST /api/me/banner': { expect: signedIn(415) },
  'PUT /api/me/travel': {
    expect: signedIn(200),
    call: () => ({ body: { byCar: true, byFoot: false, byCommon: true, byMotorcycle: false } }),
  },
  'PUT /api/me/privacy': {
    expect: signedIn(200),
    call: () => ({ body: { showEmail: false, isPublic: true, newsletter: false } }),
  },
  'POST /api/me/password': {
    expect: signedIn(200),
    call: () => ({
      body: { currentPassword: PASSWORD, password: 'Autremotdepasse2', passwordConfirmation: 'Autremotdepasse2' },
    }),
    endsAccount: true,
  },
  'POST /api/me/email/confirm': { expect: signedIn(400), call: () => ({ body: { code: '000000' } }) },
  'DELETE /api/me/email/pending': { expect: signedIn(200) },
  'POST /api/me/verification-request': { expect: signedIn(200, { owner: 409, verifiedOrganiser: 409 }) },
  'GET /api/me/export': { expect: signedIn(200) },
  // The owner organises an upcoming event: the account stays until it is over.
  'DELETE /api/me': { expect: signedIn(204, { owner: 409 }), endsAccount: true },
  'GET /api/me/participations': { expect: signedIn(200) },
  'GET /api/me/events': { expect: signedIn(200) },

  // People
  'GET /api/users/:id': { expect: all(200) },
  'GET /api/users/:id/followers': { expect: all(200) },
  'GET /api/users/:id/follows': { expect: all(200) },
  'GET /api/users/:id/events/:type': {
    expect: all(200),
    call: (f) => ({ params: { id: f.event.organizerId, type: 'past' } }),
  },
  // The owner is the user followed: following oneself is refused.
  'POST /api/users/:id/follow': { expect: signedIn(200, { owner: 400 }) },
  'DELETE /api/users/:id/follow': { expect: signedIn(200, { owner: 400 }) },
  'POST /api/contact': {
    expect: all(200),
    call: () => ({
      body: {
        firstName: 'Léa',
        lastName: 'Martin',
        email: uniqueEmail('contact'),
        subject: 'refund',
        message: 'Bonjour.',
      },
    }),
  },
  'GET /api/addresses': { expect: all(200), call: () => ({ query: 'q=Capitole' }) },

  // Events: the public side
  'GET /api/events': { expect: all(200) },
  'GET /api/events/types': { expect: all(200) },
  'GET /api/events/:id': { expect: all(200) },
  'GET /api/images/*': { expect: all(404), call: () => ({ params: { '*': 'missing.webp' } }) },
  // The waiting room: anyone may queue and ask its place (the fixture's event has no room: off).
  'GET /api/events/:id/waiting-room': { expect: all(200) },
  'POST /api/events/:id/waiting-room': { expect: all(200) },
  // The fixture's ticket is on sale: joining its waiting list is refused (TICKET_ON_SALE).
  'GET /api/events/:id/waiting-list': { expect: signedIn(200) },
  'POST /api/events/:id/waiting-list': {
    expect: signedIn(409),
    call: (f) => ({ body: { ticketId: f.ticket.id, quantity: 1 } }),
  },
  'DELETE /api/events/:id/waiting-list': { expect: signedIn(204), call: (f) => ({ query: `ticketId=${f.ticket.id}` }) },
  // An offer's link is its person's alone; an unknown token is not found for anyone signed in.
  'GET /api/waiting-list/offers/:token': { expect: signedIn(404), call: () => ({ params: { token: 'inconnu' } }) },
  'POST /api/waiting-list/offers/:token/accept': {
    expect: signedIn(404),
    call: () => ({ params: { token: 'inconnu' } }),
  },
  'GET /api/events/:id/discounts/check': { expect: all(200), call: (f) => ({ query: `code=${f.discount.code}` }) },
  'GET /api/events/:id/hidden-tickets': { expect: ownerOrAdmin(200, 403) },
  'POST /api/events/:id/invite-link': { expect: ownerOrAdmin(200, 403) },
  // A visible ticket: refused with its message (a link holds hidden tickets only), after the permission.
  'POST /api/events/:id/share-links': {
    expect: ownerOrAdmin(400, 403),
    call: (f) => ({ body: { ticketIds: [f.ticket.id] } }),
  },

  // Events: authoring
  'POST /api/events': {
    token: { scope: 'events:write' },
    expect: signedIn(201),
    call: () => ({ body: createPayload() }),
  },
  'GET /api/events/:id/manage': { token: { scope: 'events:read' }, expect: ownerOrAdmin(200, 403) },
  'PATCH /api/events/:id': {
    token: { scope: 'events:write' },
    expect: ownerOrAdmin(200, 403),
    call: () => ({ body: { title: 'Nouveau titre', type: 'Soirée' } }),
  },
  // The event has a paid place: deleting it is refused (409) to those who may.
  'DELETE /api/events/:id': { expect: ownerOrAdmin(409, 403) },
  'POST /api/events/:id/banner': { expect: ownerOrAdmin(415, 403) },
  'POST /api/events/:id/tickets': {
    token: { scope: 'events:write' },
    expect: ownerOrAdmin(201, 403),
    call: () => ({ body: { title: 'Nouveau billet', price: 5, quantity: 10 } }),
  },
  'POST /api/tickets/:id/options': {
    expect: ownerOrAdmin(201, 403),
    call: (f) => ({ params: { id: f.choice.id }, body: { title: 'Option 2', price: 5, quantity: 10 } }),
  },
  'PATCH /api/tickets/:id': {
    token: { scope: 'events:write' },
    expect: ownerOrAdmin(204, 403),
    call: () => ({ body: { title: 'Renommé' } }),
  },
  'DELETE /api/tickets/:id': { expect: ownerOrAdmin(409, 403) },
  'POST /api/events/:id/discounts': {
    expect: ownerOrAdmin(201, 403),
    call: () => ({ body: { code: `CODE${randomUUID().slice(0, 6)}`, discountPercent: 20, quantity: 10 } }),
  },
  'PATCH /api/discounts/:id': { expect: ownerOrAdmin(204, 403), call: () => ({ body: { isEnabled: false } }) },

  // The console
  'GET /api/console/events': {
    token: { scope: 'events:read' },
    expect: { ...signedIn(403), owner: 200, verifiedOrganiser: 200, admin: 200 },
  },
  'GET /api/console/organizers': { expect: adminOnly(200) },
  'GET /api/console/events/:id/waiting-list': { expect: ownerOrAdmin(200, 404) },
  // The embedded shop (issue 33): the sites are the event's editor's to declare.
  'GET /api/console/events/:id/embed': { expect: ownerOrAdmin(200, 404) },
  'PUT /api/console/events/:id/embed': {
    expect: ownerOrAdmin(200, 404),
    call: () => ({ body: { domains: ['www.example.org'] } }),
  },
  // Only the buyer reports their own order; anyone polls a reference (it tells only a count).
  'POST /api/embed/bookings': {
    expect: { ...signedIn(404), holder: 200 },
    call: (f) => ({ body: { ref: randomUUID().replace(/-/g, ''), orderId: f.order.id } }),
  },
  'GET /api/embed/bookings/:ref': { expect: all(200), call: () => ({ params: { ref: 'a'.repeat(22) } }) },
  'GET /api/console/events/:id/transfer-settings': { expect: ownerOrAdmin(200, 404) },
  'PUT /api/console/events/:id/transfer-settings': {
    expect: ownerOrAdmin(200, 404),
    call: () => ({ body: { transfersAllowed: true, transferDeadline: null, transferExpiryDays: 5 } }),
  },
  'GET /api/console/events/:id/participations/:participationId/transfers': { expect: ownerOrAdmin(200, 404) },
  // Attendee questions (issue 30): the event's organiser and the administrator; an unknown question is not found.
  'GET /api/console/events/:id/questions': { expect: ownerOrAdmin(200, 404) },
  'POST /api/console/events/:id/questions': {
    expect: ownerOrAdmin(201, 404),
    call: () => ({ body: { label: 'Taille de t-shirt', kind: 'choice', choices: ['S', 'M'], scope: 'place' } }),
  },
  'PATCH /api/console/events/:id/questions/:questionId': {
    expect: signedIn(404),
    call: () => ({ params: { questionId: randomUUID() }, body: { label: 'Régime alimentaire', kind: 'shortText' } }),
  },
  'DELETE /api/console/events/:id/questions/:questionId': {
    expect: signedIn(404),
    call: () => ({ params: { questionId: randomUUID() } }),
  },
  'GET /api/console/events/:id/resale-settings': { expect: ownerOrAdmin(200, 404) },
  'GET /api/console/events/:id/participations/:participationId/resales': { expect: ownerOrAdmin(200, 404) },
  'PUT /api/console/events/:id/resale-settings': {
    expect: ownerOrAdmin(200, 404),
    call: () => ({ body: { resaleAllowed: false, resaleDeadline: null, resaleFeeCents: 0 } }),
  },
  'GET /api/console/events/:id/staff': { expect: ownerOrAdmin(200, 404) },
  'POST /api/console/events/:id/staff': {
    expect: ownerOrAdmin(201, 404),
    call: (_f, cast) => ({ body: { email: cast.other.email } }),
  },
  'PATCH /api/console/events/:id/staff/:userId': {
    expect: ownerOrAdmin(204, 404),
    call: () => ({ body: { role: 'box-office' } }),
  },
  'DELETE /api/console/events/:id/staff/:userId': { expect: ownerOrAdmin(204, 404) },
  // The member of staff sees their own scans (userId is theirs here), not another member's.
  'GET /api/console/events/:id/staff/:userId/scans': { expect: ownerOrAdmin(200, 404, { staff: 200, boxOffice: 404 }) },
  // The box office sells at the door and sees its own sales; a scanner does not (issue 31).
  'GET /api/console/events/:id/door-tickets': { expect: ownerOrAdmin(200, 404, { boxOffice: 200 }) },
  'GET /api/console/events/:id/manual-entries': { expect: ownerOrAdmin(200, 404, { boxOffice: 200 }) },
  'POST /api/console/events/:id/manual-entries': {
    expect: ownerOrAdmin(201, 404, { boxOffice: 201 }),
    call: (f) => ({ body: { ticketId: f.ticket.id, quantity: 1, participant: participant(), payment: 'cash' } }),
  },
  // Invitations are the organiser's (issue 31): the box office does not give places away.
  'GET /api/console/events/:id/invitations': { expect: ownerOrAdmin(200, 404) },
  'POST /api/console/events/:id/invitations': {
    expect: ownerOrAdmin(201, 404),
    call: (_f, _cast, role) => ({
      body: { email: `invite-${role}@example.test`, firstName: 'Inès', lastName: 'Invitée' },
    }),
  },
  // Without a file: the allowed are told to send one, everyone else that the event does not exist.
  'POST /api/console/events/:id/invitations/preview': { expect: ownerOrAdmin(415, 404) },
  'POST /api/console/events/:id/invitations/import': { expect: ownerOrAdmin(415, 404) },
  // The fixture's place is no invitation: nothing to revoke, for anyone.
  'POST /api/console/events/:id/invitations/:participationId/revoke': { expect: ownerOrAdmin(404, 404) },
  'GET /api/console/events/:id/messages': { expect: ownerOrAdmin(200, 404) },
  'GET /api/console/events/:id/messages/audience': { expect: ownerOrAdmin(200, 404) },
  'POST /api/console/events/:id/messages': {
    expect: ownerOrAdmin(202, 404),
    call: () => ({ body: { subject: 'Ouverture des portes', body: 'Les portes ouvrent à 19 h.', audience: {} } }),
  },
  'GET /api/admin/attendee-messages': { expect: adminOnly(200) },
  'GET /api/admin/attendee-messages/:id': { expect: adminOnly(404) },
  'GET /api/admin/settings': { expect: adminOnly(200) },
  'PUT /api/admin/settings': { expect: adminOnly(200), call: () => ({ body: { attendeeMessagesPerDay: 3 } }) },
  'GET /api/console/events/:id/stats': { token: { scope: 'events:read' }, expect: ownerOrAdmin(200, 404) },
  'GET /api/console/events/:id/participants': { token: { scope: 'orders:read' }, expect: ownerOrAdmin(200, 404) },
  'GET /api/console/events/:id/export.xlsx': { token: { scope: 'orders:read' }, expect: ownerOrAdmin(200, 404) },
  'GET /api/console/events/:id/export.csv': { token: { scope: 'orders:read' }, expect: ownerOrAdmin(200, 404) },
  'GET /api/console/events/:id/declarations': { expect: ownerOrAdmin(200, 404) },
  'GET /api/console/events/:id/declarations.xlsx': { expect: ownerOrAdmin(200, 404) },
  'GET /api/console/events/:id/declarations.csv': { expect: ownerOrAdmin(200, 404) },
  'GET /api/console/events/:id/refunds': { token: { scope: 'orders:read' }, expect: ownerOrAdmin(200, 404) },
  'POST /api/console/events/:id/refunds/:participationId/accept': { expect: ownerOrAdmin(404, 404) },
  'POST /api/console/events/:id/refunds/:participationId/refuse': {
    expect: ownerOrAdmin(404, 404),
    call: () => ({ body: { reason: 'Hors délai.' } }),
  },
  'GET /api/console/events/:id/cancellation': { expect: ownerOrAdmin(200, 404) },
  'POST /api/console/events/:id/cancellation': {
    expect: ownerOrAdmin(202, 404),
    call: () => ({ body: { message: 'Annulé pour raison de météo.' } }),
  },

  // The door
  'GET /api/checkin/events': { token: { scope: 'checkins:write' }, expect: signedIn(200) },
  'GET /api/checkin/events/:id/manifest': {
    token: { scope: 'checkins:write' },
    expect: ownerOrAdmin(200, 403, { staff: 200 }),
  },
  // Every member of staff scans on any list; only the organiser and the administrator manage them (issue 31).
  'GET /api/checkin/events/:id/lists': {
    token: { scope: 'checkins:write' },
    expect: ownerOrAdmin(200, 403, { staff: 200 }),
  },
  // 406 for whoever may follow it: this test's client takes only JSON, and a stream would never end
  // (the stream itself is tested over a socket in checkin-lists.test.ts).
  'GET /api/checkin/events/:id/lists/stream': {
    token: { scope: 'checkins:write' },
    expect: ownerOrAdmin(406, 403, { staff: 406 }),
  },
  // The dates (issue 32): a date a year ahead, a foreign date id told as not found.
  'GET /api/console/events/:id/dates': { expect: ownerOrAdmin(200, 404) },
  'POST /api/console/events/:id/dates': {
    expect: ownerOrAdmin(201, 404),
    call: (_f, _cast, role) => {
      const day = 400 + (role === 'admin' ? 3 : 0);
      const begin = new Date(Date.now() + day * 86_400_000);
      return { body: { dateBegin: begin.toISOString(), dateEnd: new Date(begin.getTime() + 3_600_000).toISOString() } };
    },
  },
  'POST /api/console/events/:id/dates/repeat': {
    expect: ownerOrAdmin(201, 404),
    call: (_f, _cast, role) => {
      const from = new Date(Date.now() + (500 + (role === 'admin' ? 20 : 0)) * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(Date.parse(from) + 6 * 86_400_000).toISOString().slice(0, 10);
      return { body: { weekdays: [5, 6], fromDay: from, toDay: to, startTime: '20:00', endTime: '23:00' } };
    },
  },
  'PATCH /api/console/events/:id/dates/:dateId': {
    expect: ownerOrAdmin(404, 404),
    call: () => ({ params: { dateId: randomUUID() }, body: { capacity: 10 } }),
  },
  'DELETE /api/console/events/:id/dates/:dateId': {
    expect: ownerOrAdmin(404, 404),
    call: () => ({ params: { dateId: randomUUID() } }),
  },
  // A date moved or cancelled (issue 32): a foreign date id told as not found.
  'POST /api/console/events/:id/dates/:dateId/move': {
    expect: ownerOrAdmin(404, 404),
    call: () => {
      const begin = new Date(Date.now() + 450 * 86_400_000);
      return {
        params: { dateId: randomUUID() },
        body: { dateBegin: begin.toISOString(), dateEnd: new Date(begin.getTime() + 3_600_000).toISOString() },
      };
    },
  },
  'POST /api/console/events/:id/dates/:dateId/cancel': {
    expect: ownerOrAdmin(404, 404),
    call: () => ({ params: { dateId: randomUUID() }, body: { message: 'Annulée.' } }),
  },
  'GET /api/console/events/:id/checkin-lists': { expect: ownerOrAdmin(200, 404) },
  'POST /api/console/events/:id/checkin-lists': {
    expect: ownerOrAdmin(201, 404),
    call: (f) => ({ body: { name: 'VIP', ticketIds: [f.ticket.id], allowReentry: false } }),
  },
  // No such list: the organiser is told so, the others that the event does not exist.
  'PATCH /api/console/events/:id/checkin-lists/:listId': {
    expect: ownerOrAdmin(404, 404),
    call: () => ({ params: { listId: randomUUID() }, body: { name: 'Carré VIP' } }),
  },
  'DELETE /api/console/events/:id/checkin-lists/:listId': {
    expect: ownerOrAdmin(404, 404),
    call: () => ({ params: { listId: randomUUID() } }),
  },
  'POST /api/checkin/events/:id/scans': {
    token: { scope: 'checkins:write' },
    expect: ownerOrAdmin(200, 403, { staff: 200 }),
    call: (f) => ({
      body: { id: randomUUID(), participationId: f.participation.id, scannedAt: new Date().toISOString() },
    }),
  },
  'POST /api/checkin/events/:id/scans/batch': {
    token: { scope: 'checkins:write' },
    expect: ownerOrAdmin(200, 403, { staff: 200 }),
    call: (f) => ({
      body: { scans: [{ id: randomUUID(), participationId: f.participation.id, scannedAt: new Date().toISOString() }] },
    }),
  },

  // Buying
  // A visitor must say who buys (400 without `buyer`); the fixture's order is the holder's, paid.
  'POST /api/orders': {
    expect: { ...all(201), visitor: 400 },
    call: (f) => ({
      body: { eventId: f.event.id, lines: [{ ticketId: f.ticket.id, quantity: 1 }], acceptTerms: true },
    }),
  },
  // An order is its buyer's (or a guest's, by token): nobody else sees it, not even the administrator.
  'GET /api/orders/:id': { expect: { ...all(404), holder: 200 } },
  'GET /api/orders/:id/invoices': { expect: { ...all(404), holder: 200, owner: 200, admin: 200 } },
  // Only its buyer (or a guest with its token) may have its invoices made out to a company.
  'PUT /api/orders/:id/company-invoice': {
    expect: { ...all(404), holder: 200 },
    call: () => ({ body: { name: 'Acme', address: '5 avenue Jean Jaurès\n69007 Lyon', siren: '552100554' } }),
  },
  // The fixture's order has no invoice yet at the time of the table: its owners are told so.
  'GET /api/orders/:id/invoices/:invoiceId/pdf': { expect: all(404) },
  'GET /api/orders/by-reference/:reference': {
    expect: { ...all(404), holder: 200 },
    call: (f) => ({ params: { reference: f.order.reference } }),
  },
  'DELETE /api/orders/:id': { expect: { ...all(404), holder: 409 } },
  'POST /api/orders/:id/payment': { expect: { ...all(404), holder: 409 } },
  // A code for an existing account's e-mail (the proof of e-mail before an order): the same answer for any e-mail.
  'POST /api/guest/sign-in-code': { expect: all(200), call: () => ({ body: { email: uniqueEmail('preuve') } }) },
  'POST /api/guest/lookup': { expect: all(200), call: () => ({ body: { email: uniqueEmail('invite') } }) },
  'POST /api/guest/account': {
    expect: all(400),
    call: () => ({ body: { email: uniqueEmail('invite'), firstName: 'A', lastName: 'B', birthDate: '1990-01-01' } }),
  },
  'POST /api/guest/verify': {
    expect: all(400),
    call: () => ({ body: { email: uniqueEmail('invite'), code: '000000' } }),
  },
  // The providers' calls: an unsigned IPN is refused, the buyer's return redirects, and the
  // test application has no Stripe account (404).
  'GET /api/payments/:provider/ipn': { expect: all(400), call: () => ({ params: { provider: 'sandbox' } }) },
  'GET /api/payments/:provider/return/:status': {
    expect: all(303),
    call: () => ({ params: { provider: 'sandbox', status: 'accepte' } }),
  },
  'POST /api/payments/stripe/webhook': { expect: all(404) },

  // Holding a place
  'GET /api/me/participations/:id/code': { expect: { ...signedIn(404), holder: 200 } },
  'GET /api/me/participations/:id/qr.png': { expect: { ...signedIn(404), holder: 200 } },
  'GET /api/me/participations/:id/ticket.pdf': { expect: { ...signedIn(404), holder: 200 } },
  'GET /api/me/orders/:id/tickets.pdf': {
    expect: { ...signedIn(404), holder: 200 },
    call: (f) => ({ params: { id: f.order.id } }),
  },
  'DELETE /api/events/:id/participation': { expect: { ...signedIn(404), holder: 409 } },
  // Wallet passes: the test application has no wallet settings, so they do not exist for
  // anyone; who gets a pass when they do is wallet/wallet.test.ts's.
  'GET /api/wallet': { expect: all(200) },
  'GET /api/me/participations/:id/pass.pkpass': { expect: signedIn(404) },
  'GET /api/me/participations/:id/google-wallet': { expect: signedIn(404) },
  'POST /api/wallet/apple/v1/devices/:deviceId/registrations/:passTypeId/:serial': {
    expect: all(404),
    call: (f) => ({ params: { ...appleDevice, serial: f.participation.id }, body: { pushToken: 'jeton' } }),
  },
  'DELETE /api/wallet/apple/v1/devices/:deviceId/registrations/:passTypeId/:serial': {
    expect: all(404),
    call: (f) => ({ params: { ...appleDevice, serial: f.participation.id } }),
  },
  'GET /api/wallet/apple/v1/devices/:deviceId/registrations/:passTypeId': {
    expect: all(404),
    call: () => ({ params: appleDevice }),
  },
  'GET /api/wallet/apple/v1/passes/:passTypeId/:serial': {
    expect: all(404),
    call: (f) => ({ params: { passTypeId: appleDevice.passTypeId, serial: f.participation.id } }),
  },
  'POST /api/wallet/apple/v1/log': { expect: all(200), call: () => ({ body: { logs: ['pass.json invalide'] } }) },
  'POST /api/me/participations/:id/refund-request': { expect: { ...signedIn(404), holder: 409 } },
  // A one-date event's place is not for a moved date: its holder is told so (409), others 404.
  'POST /api/me/participations/:id/date-refund': {
    expect: { ...signedIn(404), holder: 409 },
    call: () => ({ body: {} }),
  },
  // Transfers: the holder's own place only; sent to their own address it is refused (409).
  'POST /api/me/participations/:id/transfer': {
    expect: { ...signedIn(404), holder: 409 },
    call: (_f, cast, role) => ({ body: { email: cast[role].email ?? 'personne@exemple.fr' } }),
  },
  'DELETE /api/me/participations/:id/transfer': { expect: signedIn(404) },
  // Resale: the holder's own place only; the fixture's event does not allow it (409).
  'POST /api/me/participations/:id/resale': { expect: { ...signedIn(404), holder: 409 }, call: () => ({ body: {} }) },
  'DELETE /api/me/participations/:id/resale': { expect: signedIn(404) },
  // A transfer's link is its only key: an unknown one is not found for anyone.
  'GET /api/transfers/:token': { expect: all(404), call: () => ({ params: { token: 'inconnu' } }) },
  'POST /api/transfers/:token/accept': { expect: signedIn(404), call: () => ({ params: { token: 'inconnu' } }) },
  // The holder's own place: its questions and answers, changed until the event's start.
  'GET /api/me/participations/:id/answers': { expect: { ...signedIn(404), holder: 200 } },
  'PUT /api/me/participations/:id/answers': {
    expect: { ...signedIn(404), holder: 200 },
    call: () => ({ body: { answers: {} } }),
  },
  // The fixture's event does not name its tickets: its holder is told so.
  'PATCH /api/me/participations/:id/holder': {
    expect: { ...signedIn(404), holder: 409 },
    call: () => ({ body: { firstName: 'Camille', lastName: 'Durand' } }),
  },

  // A public event's calendar file.
  'GET /api/events/:id/calendar.ics': { expect: all(200) },
  'GET /api/events/:id/availability': { expect: all(200) },
  // 406: a client that accepts only JSON (this test's) gets no stream, which would never end;
  // who may follow which event is tested in availability/availability.test.ts, over a socket.
  'GET /api/events/:id/availability/stream': { expect: all(406) },

  // The account's sessions
  'GET /api/me/sessions': { expect: signedIn(200) },
  'DELETE /api/me/sessions/:id': { expect: signedIn(404), call: () => ({ params: { id: '0123456789abcdef' } }) },
  'POST /api/me/sessions/end-others': { expect: signedIn(200) },

  // API tokens and webhooks (issue 33): verified organisers and administrators.
  'GET /api/me/api-tokens': { expect: signedIn(200) },
  'POST /api/me/api-tokens': {
    expect: { ...signedIn(403), owner: 201, verifiedOrganiser: 201, admin: 201 },
    call: () => ({ body: { name: 'Caisse', scopes: ['orders:read'] } }),
  },
  'DELETE /api/me/api-tokens/:id': { expect: signedIn(404), call: () => ({ params: { id: randomUUID() } }) },
  'GET /api/me/webhooks': { expect: signedIn(200) },
  'POST /api/me/webhooks': {
    expect: { ...signedIn(403), owner: 201, verifiedOrganiser: 201, admin: 201 },
    call: () => ({ body: { url: 'https://example.test/hooks', events: ['order.paid'] } }),
  },
  'PATCH /api/me/webhooks/:id': {
    expect: signedIn(404),
    call: () => ({ params: { id: randomUUID() }, body: { enabled: true } }),
  },
  'DELETE /api/me/webhooks/:id': { expect: signedIn(404), call: () => ({ params: { id: randomUUID() } }) },
  'GET /api/me/webhooks/:id/deliveries': { expect: signedIn(404), call: () => ({ params: { id: randomUUID() } }) },
  'POST /api/me/webhooks/:id/test': { expect: signedIn(404), call: () => ({ params: { id: randomUUID() } }) },

  // The shop's showcase and its quote requests
  'GET /api/shop/products': { expect: all(200), call: () => ({ query: 'offer=location' }) },
  'GET /api/shop/products/:productId': { expect: all(404), call: () => ({ params: { productId: randomUUID() } }) },
  'POST /api/quote-requests': { expect: all(400), call: () => ({ body: {} }) },
  'GET /api/quote-requests': { expect: adminOnly(200) },
  'PATCH /api/quote-requests/:quoteId': {
    expect: adminOnly(404),
    call: () => ({ params: { quoteId: randomUUID() }, body: { status: 'answered' } }),
  },

  // Money: payouts and bank details
  'GET /api/console/events/:id/payouts': { expect: ownerOrAdmin(200, 404) },
  // The owner has no bank details yet; the administrator sees the balance but does not ask in the organiser's place.
  'POST /api/console/events/:id/payouts': { expect: { ...signedIn(404), owner: 409, admin: 403 } },
  // The fixture asks for no payout: nobody finds an invoice (the payout's organiser and the
  // administrator read theirs: payouts/commission-invoice.test.ts).
  'GET /api/payouts/:id/commission-invoice.pdf': {
    expect: signedIn(404),
    call: () => ({ params: { id: randomUUID() } }),
  },
  'GET /api/me/bank-account': { expect: signedIn(200) },
  'PUT /api/me/bank-account': { expect: signedIn(400), call: () => ({ body: {} }) },
  'GET /api/me/billing-identity': { expect: signedIn(200) },
  'PUT /api/me/billing-identity': { expect: signedIn(400), call: () => ({ body: {} }) },

  // The back office
  'GET /api/admin/summary': { expect: adminOnly(200) },
  'GET /api/admin/verification-requests': { expect: adminOnly(200) },
  'POST /api/admin/users/:id/verify': { expect: adminOnly(404), call: () => ({ params: { id: randomUUID() } }) },
  'POST /api/admin/users/:id/refuse-verification': {
    expect: adminOnly(404),
    call: () => ({ params: { id: randomUUID() }, body: { reason: 'Pièces manquantes.' } }),
  },
  'GET /api/admin/users': { expect: adminOnly(200) },
  'PATCH /api/admin/users/:id': {
    expect: adminOnly(404),
    call: () => ({ params: { id: randomUUID() }, body: { role: 'user' } }),
  },
  'PUT /api/admin/users/:id/payout-advance': {
    expect: adminOnly(404),
    call: () => ({ params: { id: randomUUID() }, body: { percent: 50 } }),
  },
  'POST /api/admin/users/:id/ledger-adjustments': {
    expect: adminOnly(404),
    call: () => ({ params: { id: randomUUID() }, body: { amountCents: 1000, reason: 'Remboursement reçu.' } }),
  },
  'POST /api/admin/users/:id/ban': {
    expect: adminOnly(404),
    call: () => ({ params: { id: randomUUID() }, body: { reason: 'Fraude.', until: null } }),
  },
  'DELETE /api/admin/users/:id/ban': { expect: adminOnly(404), call: () => ({ params: { id: randomUUID() } }) },
  'GET /api/admin/events': { expect: adminOnly(200) },
  'POST /api/admin/events/:id/unpublish': { expect: adminOnly(200) },
  'PUT /api/admin/events/:id/provider': { expect: adminOnly(200), call: () => ({ body: { provider: 'sandbox' } }) },
  'GET /api/admin/payouts': { expect: adminOnly(200) },
  // Gone since payout batches (issue 27): 410 with a message naming the batches' routes.
  'POST /api/admin/payouts/:id/paid': {
    expect: adminOnly(410),
    call: () => ({ params: { id: randomUUID() }, body: { bankReference: 'VIR-0001' } }),
  },
  'POST /api/admin/payouts/:id/reject': {
    expect: adminOnly(404),
    call: () => ({ params: { id: randomUUID() }, body: { reason: 'IBAN fermé.' } }),
  },
  'GET /api/admin/payouts/sepa.xml': { expect: adminOnly(410) },
  'POST /api/admin/payouts/:id/returned': { expect: adminOnly(404), call: () => ({ params: { id: randomUUID() } }) },
  'GET /api/admin/payout-batches': { expect: adminOnly(200) },
  // No payout waits in this database: nothing to put in a batch.
  'POST /api/admin/payout-batches': { expect: adminOnly(409), call: () => ({ body: {} }) },
  'GET /api/admin/payout-batches/:id/sepa.xml': {
    expect: adminOnly(404),
    call: () => ({ params: { id: randomUUID() } }),
  },
  'POST /api/admin/payout-batches/:id/paid': {
    expect: adminOnly(404),
    call: () => ({ params: { id: randomUUID() }, body: { bankReference: 'VIR-0001' } }),
  },
  'GET /api/admin/refunds': { expect: adminOnly(200) },
  'GET /api/admin/messages': { expect: adminOnly(200) },
  'GET /api/admin/audit': { expect: adminOnly(200) },
};
