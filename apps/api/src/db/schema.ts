import { type CompanyInvoice, VAT_RATES } from '@guichet/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const instant = (name: string) => timestamp(name, { withTimezone: true });

/** Raw bytes (an uploaded image); node-postgres and PGlite both read `bytea` as a Buffer-like array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A full-text document (filled by the triggers of events/sql/). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The events a list may show to everyone: the condition of the listing's partial indexes. */
const listedCondition = sql`is_public and deleted_at is null and cancelled_at is null`;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    gender: text('gender').notNull().default('undefined'),
    description: text('description').notNull().default(''),
    byCar: boolean('by_car').notNull().default(false),
    byFoot: boolean('by_foot').notNull().default(false),
    byCommon: boolean('by_common').notNull().default(false),
    byMotorcycle: boolean('by_motorcycle').notNull().default(false),
    showEmail: boolean('show_email').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(true),
    newsletter: boolean('newsletter').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    verificationRequestedAt: instant('verification_requested_at'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    // Per-organiser commission, in basis points and cents; null means the standard rate.
    commissionRateBps: integer('commission_rate_bps'),
    commissionFixedCents: integer('commission_fixed_cents'),
    termsVersionAccepted: integer('terms_version_accepted').notNull().default(0),
    // Storage keys of the uploaded images; null means the default image.
    photoPath: text('photo_path'),
    bannerPath: text('banner_path'),
    // An e-mail change waits here until its code is confirmed.
    pendingEmail: text('pending_email'),
    emailVerifiedAt: instant('email_verified_at'),
    deletedAt: instant('deleted_at'),
    // SHA-256 of a deleted account's normalised e-mail: enough to answer 'Votre compte a été
    // supprimé.' to its former owner, and nothing that names them.
    deletedEmailHash: text('deleted_email_hash'),
    // A ban set by an administrator: from banned_at until banned_until, for ever when that is null.
    bannedAt: instant('banned_at'),
    bannedUntil: instant('banned_until'),
    banReason: text('ban_reason'),
    // The share of an event's balance an organiser may ask for before the event ends (0: none).
    payoutAdvancePercent: integer('payout_advance_percent').notNull().default(0),
    // When paid events of theirs were on sale before they gave a billing identity: the date it is
    // due by, set once (docs/decisions.md, "Invoices and VAT").
    billingIdentityDueAt: instant('billing_identity_due_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    check(
      'users_commission_check',
      sql`(${t.commissionRateBps} is null) = (${t.commissionFixedCents} is null) and ${t.commissionRateBps} between 0 and 10000 and ${t.commissionFixedCents} >= 0`,
    ),
    check('users_payout_advance_check', sql`${t.payoutAdvancePercent} between 0 and 100`),
    check('users_ban_check', sql`${t.bannedUntil} is null or ${t.bannedAt} is not null`),
    index('users_deleted_email_idx').on(t.deletedEmailHash).where(sql`${t.deletedEmailHash} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie token: a stolen database does not yield usable cookies.
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The browser that opened it, so that its owner recognises it in their list of sessions.
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'email_verification', 'email_change', 'sign_in'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_codes_user_idx').on(t.userId, t.purpose)],
);

export const eventTypes = pgTable('event_types', {
  id: serial('id').primaryKey(),
  label: text('label').notNull().unique(),
  position: integer('position').notNull().default(0),
});

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizerId: uuid('organizer_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    address: text('address').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    typeId: integer('type_id').references(() => eventTypes.id),
    dateBegin: instant('date_begin').notNull(),
    dateEnd: instant('date_end').notNull(),
    dateMaxRefund: instant('date_max_refund'),
    nbMaxParticipants: integer('nb_max_participants').notNull().default(-1),
    isPublic: boolean('is_public').notNull().default(false),
    isOpen: boolean('is_open').notNull().default(true),
    isUserPaysFees: boolean('is_user_pays_fees').notNull().default(false),
    isNeedsUserStudies: boolean('is_needs_user_studies').notNull().default(false),
    isMandatoryRefund: boolean('is_mandatory_refund').notNull().default(false),
    paymentProvider: text('payment_provider', { enum: ['sandbox', 'etransactions', 'stripe'] })
      .notNull()
      .default('sandbox'),
    bannerPath: text('banner_path'),
    // The city of the address ("…, 31000 Toulouse" as the address service writes it), for the
    // list's city filter; computed by the database so that every writer agrees.
    city: text('city').generatedAlwaysAs(sql`nullif(btrim(substring(address from '[0-9]{5}[[:space:]]+([^,]+)')), '')`),
    // The lowest and highest visible ticket prices, kept by a trigger on tickets: the list's price
    // filter and "dès X €" read them without aggregating the tickets of every event.
    minPriceCents: integer('min_price_cents').notNull().default(0),
    maxPriceCents: integer('max_price_cents').notNull().default(0),
    // Title, organiser, address and description for the text search, kept by triggers.
    searchVector: tsvector('search_vector'),
    // Cancelled by its organiser (or an administrator): sales stop and every paid place is refunded.
    cancelledAt: instant('cancelled_at'),
    cancellationMessage: text('cancellation_message'),
    // The virtual waiting room (issue 17): both set turns it on; buyers are let through from
    // `onsale_at` at `admission_per_minute`, in arrival order.
    onsaleAt: instant('onsale_at'),
    admissionPerMinute: integer('admission_per_minute'),
    // How long an offer to the waiting list keeps its places (issue 30); null: 24 hours.
    waitingListOfferHours: integer('waiting_list_offer_hours'),
    // Ticket transfers between people (issue 30; docs/decisions.md, "Transfers"): allowed unless
    // the organiser forbids them, until an optional last date; a pending one expires after the delay.
    transfersAllowed: boolean('transfers_allowed').notNull().default(true),
    transferDeadline: instant('transfer_deadline'),
    transferExpiryDays: integer('transfer_expiry_days').notNull().default(7),
    // Named tickets (issue 30): the buyer names a holder for each place, and may change the names
    // until `holders_editable_until` (null: the event's start).
    isNamedTickets: boolean('is_named_tickets').notNull().default(false),
    holdersEditableUntil: instant('holders_editable_until'),
    // Face-value resale (issue 30; docs/decisions.md, "Resale"): off unless the organiser allows
    // it, until an optional last date; the fee is kept from each seller's refund.
    resaleAllowed: boolean('resale_allowed').notNull().default(false),
    resaleDeadline: instant('resale_deadline'),
    resaleFeeCents: integer('resale_fee_cents').notNull().default(0),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The list's stable order (start, then id) and its cursor, for every listed event, per
    // category and for free events; the city, text and distance indexes are in migration 0016_delivery.
    index('events_listing_idx').on(t.dateBegin, t.id).where(listedCondition),
    index('events_listing_type_idx').on(t.typeId, t.dateBegin, t.id).where(listedCondition),
    index('events_listing_free_idx')
      .on(t.dateBegin, t.id)
      .where(sql`is_public and deleted_at is null and cancelled_at is null and max_price_cents = 0`),
    index('events_organizer_idx').on(t.organizerId),
  ],
);

/**
 * Every word of the listed events' search documents (their lexemes, as `guichet_fr` writes them,
 * digits alone left out), kept by statement triggers on events: a search word is expanded into
 * the words it begins (exact entries of the search index, cheap where a prefix entry unions
 * every matching posting list) and an unknown word is matched to the words one letter away,
 * found through their one-letter deletions. Words are added, never removed (docs/decisions.md,
 * "Events and discovery").
 */
export const searchWords = pgTable(
  'search_words',
  {
    // Compared byte-wise (collation "C", set in the migration): a prefix is a range of the key.
    word: text('word').primaryKey(),
    // The word itself and the word less each one of its letters.
    deletions: text('deletions').array().notNull(),
  },
  (t) => [index('search_words_deletions_idx').using('gin', t.deletions)],
);

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    // Options of a choice ticket point at their head ticket.
    parentId: uuid('parent_id'),
    isMultipart: boolean('is_multipart').notNull().default(false),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull().default(0),
    quantity: integer('quantity').notNull(),
    // Places taken by paid or free orders, and places held by orders awaiting payment.
    sold: integer('sold').notNull().default(0),
    held: integer('held').notNull().default(0),
    minToBuy: integer('min_to_buy').notNull().default(1),
    maxToBuy: integer('max_to_buy').notNull().default(5),
    isHidden: boolean('is_hidden').notNull().default(false),
    isAvailable: boolean('is_available').notNull().default(true),
    hasGiftTickets: boolean('has_gift_tickets').notNull().default(false),
    // The VAT inside the price (docs/decisions.md, "Invoices and VAT"); invoices already issued
    // keep the rate they were issued with.
    vatRate: text('vat_rate', { enum: VAT_RATES }).notNull().default('20'),
    position: integer('position').notNull().default(0),
    // A pass (issue 32): one place on every date it covers (ticket_dates; none linked: every date).
    isPass: boolean('is_pass').notNull().default(false),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tickets_event_idx').on(t.eventId, t.position),
    check('tickets_counters_check', sql`${t.sold} >= 0 and ${t.held} >= 0`),
    check('tickets_vat_rate_check', sql`${t.vatRate} in ('5.5', '10', '20', '2.1', 'none')`),
  ],
);

/**
 * The dates (séances) of an event of several dates (issue 32, docs/decisions.md "Dates"). A one-date
 * event keeps no row: its one date is the event's own (id = the event's id). The first date added
 * turns the event's own dates into a row with the event's id. `sold`/`held` move in the same
 * statements as the tickets' counters (events/sql/dates.sql), bounded by `capacity` when set.
 */
export const eventDates = pgTable(
  'event_dates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    dateBegin: instant('date_begin').notNull(),
    dateEnd: instant('date_end').notNull(),
    // Places of this date, every ticket together; null: only the tickets' quantities bound it.
    capacity: integer('capacity'),
    dateMaxRefund: instant('date_max_refund'),
    cancelledAt: instant('cancelled_at'),
    cancellationMessage: text('cancellation_message'),
    // Its former start once moved by the organiser.
    movedFrom: instant('moved_from'),
    sold: integer('sold').notNull().default(0),
    held: integer('held').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('event_dates_event_idx').on(t.eventId, t.dateBegin),
    check('event_dates_counters_check', sql`${t.sold} >= 0 and ${t.held} >= 0`),
    check('event_dates_order_check', sql`${t.dateEnd} > ${t.dateBegin}`),
  ],
);

/** The dates a ticket type is sold for (issue 32); a ticket with no row is sold for every date. */
export const ticketDates = pgTable(
  'ticket_dates',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    dateId: uuid('date_id')
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.dateId] }), index('ticket_dates_date_idx').on(t.dateId)],
);

/** The tickets offered with the purchase of a ticket: the buyer may pick one of them, free. */
export const ticketGifts = pgTable(
  'ticket_gifts',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    giftTicketId: uuid('gift_ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.giftTicketId] })],
);

/**
 * An organiser's question to the buyers (issue 30, docs/decisions.md "Attendee questions"): asked
 * once per order or for each place, about every ticket of the event or one ticket (a choice
 * ticket's head covers its options). The answers live with what they are about: the order's in
 * `orders.answers`, a place's in `participations.answers`, both by question id.
 */
export const eventQuestions = pgTable(
  'event_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    kind: text('kind', {
      enum: ['shortText', 'longText', 'choice', 'multipleChoice', 'yesNo', 'date', 'phone', 'email'],
    }).notNull(),
    choices: jsonb('choices').$type<string[]>().notNull().default([]),
    isRequired: boolean('is_required').notNull().default(false),
    scope: text('scope', { enum: ['order', 'place'] }).notNull(),
    // The order the organiser added them in, which the booking and the exports follow.
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('event_questions_event_idx').on(t.eventId, t.position),
    check(
      'event_questions_kind_check',
      sql`${t.kind} in ('shortText', 'longText', 'choice', 'multipleChoice', 'yesNo', 'date', 'phone', 'email')`,
    ),
    check('event_questions_scope_check', sql`${t.scope} in ('order', 'place')`),
  ],
);

export const participations = pgTable(
  'participations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    userId: uuid('user_id').references(() => users.id),
    orderId: uuid('order_id'),
    // One place per participation (issue 30, docs/decisions.md "One ticket per place"): 1, or 0 once
    // the place is refunded (cancelled, and never numbered if it was not yet).
    quantity: integer('quantity').notNull(),
    refundPlaces: integer('refund_places').notNull().default(0),
    isGift: boolean('is_gift').notNull().default(false),
    // The participation of several places this place was split from (migration 0052): a code
    // signed for that participation still lets its places in, one entry each.
    splitFrom: uuid('split_from'),
    // The person the buyer named for this place, when the event asks for it; else the holder is
    // named by guichet_holder_name.
    holderFirstName: text('holder_first_name'),
    holderLastName: text('holder_last_name'),
    // The answers to the questions asked for this place, by question id (attendee questions).
    answers: jsonb('answers').$type<Record<string, string | string[] | boolean>>(),
    // Set once, by the holder's refund request; the organiser is e-mailed in the same transaction.
    refundRequestedAt: instant('refund_requested_at'),
    // 'invitation': a free named place the organiser gave (issue 31), revoked by cancelling it.
    source: text('source', { enum: ['web', 'presentiel', 'invendu', 'invitation'] })
      .notNull()
      .default('web'),
    // Entries taken at the door: 1 once its place came in.
    entriesUsed: integer('entries_used').notNull().default(0),
    // The place's number in the event's uninterrupted series (CGI art. 290 quater), given after
    // the sale (invoices/numbering.ts).
    firstTicketNumber: integer('first_ticket_number'),
    // The series the number was taken in (numbering.ts `placeSeries`): the event's, one of its
    // dates' or its passes' (issue 32); null until numbered.
    numberSeries: text('number_series'),
    cancelledAt: instant('cancelled_at'),
    // Handed to someone else (docs/decisions.md, "Transfers"): also cancelled, its code refused at
    // the door as transferred; `transferred_to` is the receiver's new participation, same number.
    transferredAt: instant('transferred_at'),
    transferredTo: uuid('transferred_to'),
    // The date this place is for (issue 32); null for a pass and for a one-date event.
    dateId: uuid('date_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('participations_unnumbered_idx').on(t.eventId).where(sql`${t.firstTicketNumber} is null`),
    // A transferred place's number lives on in its receiver's participation: unique in its series among live rows.
    uniqueIndex('participations_ticket_number_key')
      .on(t.numberSeries, t.firstTicketNumber)
      .where(sql`${t.transferredAt} is null`),
    index('participations_event_user_idx').on(t.eventId, t.userId),
    index('participations_order_idx').on(t.orderId),
    // Regulars: a holder's participations in other events (docs/decisions.md, "Follow-up").
    index('participations_user_idx').on(t.userId),
    index('participations_split_from_idx').on(t.splitFrom).where(sql`${t.splitFrom} is not null`),
    // The export reads an event's participations in pages, in order of purchase.
    index('participations_event_created_idx').on(t.eventId, t.createdAt, t.id),
    check('participations_entries_check', sql`${t.entriesUsed} >= 0 and ${t.entriesUsed} <= ${t.quantity}`),
    check('participations_source_check', sql`${t.source} in ('web', 'presentiel', 'invendu', 'invitation')`),
    // An event's invitations, listed by the console.
    index('participations_invitations_idx').on(t.eventId).where(sql`${t.source} = 'invitation'`),
    check(
      'participations_one_place_check',
      sql`${t.quantity} = 1 or (${t.quantity} = 0 and ${t.cancelledAt} is not null)`,
    ),
  ],
);

/**
 * The rows of an event's participants list (one per order line, its places inside), kept by the
 * triggers of follow-up/sql/ in the transaction that changes a place, so that a page is read by
 * an index in any sort order instead of grouping the event's places each time (issue 34). What the
 * page shows is read from the places themselves; these rows hold what it is sorted and searched by.
 */
export const participantLines = pgTable(
  'participant_lines',
  {
    key: text('key').primaryKey(),
    eventId: uuid('event_id').notNull(),
    /** The row's first place (by number): the one whose order and ticket the row shows. */
    firstId: uuid('first_id').notNull(),
    ids: uuid('ids').array().notNull(),
    ticketId: uuid('ticket_id').notNull(),
    quantity: integer('quantity').notNull(),
    refundPlaces: integer('refund_places').notNull(),
    lastKey: text('last_key').notNull(),
    firstKey: text('first_key').notNull(),
    typeKey: text('type_key').notNull(),
    subtypeKey: text('subtype_key').notNull(),
    purchasedAt: instant('purchased_at').notNull(),
    promoKey: text('promo_key'),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    search: tsvector('search').notNull(),
  },
  (t) => [
    index('participant_lines_name_idx').on(t.eventId, t.lastKey, t.firstKey, t.firstId),
    index('participant_lines_quantity_idx').on(t.eventId, t.quantity, t.firstId),
    index('participant_lines_type_idx').on(t.eventId, t.typeKey, t.subtypeKey, t.firstId),
    index('participant_lines_date_idx').on(t.eventId, t.purchasedAt, t.firstId),
    index('participant_lines_promo_idx').on(t.eventId, t.promoKey, t.firstId),
    index('participant_lines_price_idx').on(t.eventId, t.totalCents, t.firstId),
    index('participant_lines_ticket_idx').on(t.ticketId),
  ],
);

/**
 * The entries of each row of the participants list, apart: a scan moves only this narrow row
 * (two indexes), not the list's row and its eight.
 */
/**
 * Each word of a row of the participants list (the lexemes of participant_lines.search), with the
 * row's places: a search reads the rows it finds, and counts them and their places, from this
 * index alone (event, word, row, places) instead of visiting each row found (docs/decisions.md
 * "Follow-up"). Written by guichet_refresh_participant_lines with the row. Byte order ("C"): a
 * word's prefix is one range of the index.
 */
export const participantLineWords = pgTable(
  'participant_line_words',
  {
    eventId: uuid('event_id').notNull(),
    // Compared byte-wise (collation "C", set in the migration): a prefix is a range of the key.
    word: text('word').notNull(),
    key: text('key').notNull(),
    // Also in the key's index (INCLUDE, set in the migration): counting places reads no row.
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.word, t.key] })],
);

export const participantLineEntries = pgTable(
  'participant_line_entries',
  {
    key: text('key').primaryKey(),
    eventId: uuid('event_id').notNull(),
    firstId: uuid('first_id').notNull(),
    quantity: integer('quantity').notNull(),
    entriesUsed: integer('entries_used').notNull(),
    /** 0 nobody came, 1 some of the places, 2 all of them: the list's status sort. */
    status: integer('status')
      .notNull()
      .generatedAlwaysAs(sql`case when entries_used >= quantity then 2 when entries_used > 0 then 1 else 0 end`),
  },
  (t) => [index('participant_line_entries_status_idx').on(t.eventId, t.status, t.firstId)],
);

/**
 * The participants list's totals, the rows and their places of each event, moved with the list's
 * rows (guichet_refresh_participant_lines) by what they were and are: a page reads them instead of
 * counting the event's rows. Spread over `slot`s (the writing backend's process id), as the statistics below.
 */
export const participantLineCounts = pgTable(
  'participant_line_counts',
  {
    eventId: uuid('event_id').notNull(),
    slot: integer('slot').notNull(),
    lines: integer('lines').notNull(),
    places: integer('places').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.slot] })],
);

/*
 * The Statistiques tab's figures, kept by the triggers of follow-up/sql/ in the transaction that
 * changes a place, an order, a scan or an account (issue 34): the tab adds up a few dozen rows
 * instead of reading the event's places. Each figure is a sum of rows, each row moved by the
 * difference a statement makes (`n = n + delta`, under the row's lock), never a counter set from a
 * read: concurrent sales add up exactly. A key's figure is spread over `slot`s, the writing
 * backend's process id, so that concurrent sales and scans never wait on, nor deadlock over, one
 * row (docs/decisions.md, "Follow-up").
 */

/** Per ticket and source (web, presentiel, invitation, invendu): the live places, entries and gross. */
export const eventTicketTotals = pgTable(
  'event_ticket_totals',
  {
    eventId: uuid('event_id').notNull(),
    ticketId: uuid('ticket_id').notNull(),
    source: text('source').notNull(),
    slot: integer('slot').notNull(),
    places: integer('places').notNull(),
    entries: integer('entries').notNull(),
    /** Live places not scanned at all. */
    absentees: integer('absentees').notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.ticketId, t.source, t.slot] })],
);

/** Live places per Paris hour of their sale (the order's payment, else the place's creation). */
export const eventSoldHours = pgTable(
  'event_sold_hours',
  {
    eventId: uuid('event_id').notNull(),
    hour: timestamp('hour').notNull(),
    slot: integer('slot').notNull(),
    places: integer('places').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.hour, t.slot] })],
);

/** Accepted scans per Paris hour. */
export const eventScanHours = pgTable(
  'event_scan_hours',
  {
    eventId: uuid('event_id').notNull(),
    hour: timestamp('hour').notNull(),
    slot: integer('slot').notNull(),
    scans: integer('scans').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.hour, t.slot] })],
);

/** Live places per holder's age on the event's first day (accounts with a known birth date). */
export const eventAges = pgTable(
  'event_ages',
  {
    eventId: uuid('event_id').notNull(),
    age: integer('age').notNull(),
    slot: integer('slot').notNull(),
    places: integer('places').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.age, t.slot] })],
);

/** The live places each account holds at each event: who the holders and the regulars are. */
export const eventHolders = pgTable(
  'event_holders',
  {
    eventId: uuid('event_id').notNull(),
    userId: uuid('user_id').notNull(),
    places: integer('places').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_holders_user_idx').on(t.userId)],
);

/** Holders of the event, and regulars among them (held a place of an earlier event of its organiser). */
export const eventHolderCounts = pgTable(
  'event_holder_counts',
  {
    eventId: uuid('event_id').notNull(),
    slot: integer('slot').notNull(),
    holders: integer('holders').notNull(),
    regulars: integer('regulars').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.slot] })],
);

/** Paid orders (or awaiting a refund) per promo code, with their discounts. */
export const eventPromoUses = pgTable(
  'event_promo_uses',
  {
    discountCodeId: uuid('discount_code_id').notNull(),
    slot: integer('slot').notNull(),
    uses: integer('uses').notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.discountCodeId, t.slot] })],
);

/**
 * A participation's wallet pass (docs/decisions.md, "Wallet passes"): its serial number is the
 * participation's id. `updated_at` is the tag of Apple's update protocol, moved by
 * wallet/sql/guichet_wallet_pass_changed.sql whatever changed the participation.
 */
export const walletPasses = pgTable('wallet_passes', {
  participationId: uuid('participation_id')
    .primaryKey()
    .references(() => participations.id, { onDelete: 'cascade' }),
  // SHA-256 of the Apple pass's authentication tokens, newest last: one per download (a phone
  // and a watch each download it), the few latest kept, so that no download cuts another's updates.
  authTokenHashes: text('auth_token_hashes').array().notNull().default(sql`'{}'`),
  updatedAt: instant('updated_at').notNull().defaultNow(),
  // A Google Wallet save link was made: its object may exist at Google, and is updated with it.
  googleLinkedAt: instant('google_linked_at'),
  createdAt: createdAt(),
});

/** The Apple devices that asked for a pass's updates, by Apple's web service protocol. */
export const walletDeviceRegistrations = pgTable(
  'wallet_device_registrations',
  {
    deviceId: text('device_id').notNull(),
    participationId: uuid('participation_id')
      .notNull()
      .references(() => walletPasses.participationId, { onDelete: 'cascade' }),
    pushToken: text('push_token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.participationId] }),
    index('wallet_device_registrations_pass_idx').on(t.participationId),
  ],
);

export const waitingListStatuses = ['waiting', 'offered', 'accepted', 'converted', 'left', 'expired'] as const;

/**
 * The people waiting for a sold-out ticket (issue 30; docs/decisions.md, "Waiting list"), one live
 * entry per account and ticket: `waiting`, `offered` and `accepted` (its link opened, its payment
 * hold running) are live, the others are kept for the organiser's conversions: `converted` once
 * the offer's order is paid. The offer columns are filled when places come back to the entry.
 */
export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    quantity: integer('quantity').notNull(),
    // The date waited for (issue 32): a ticket for one date of an event of several; null for a
    // pass and on a one-date event.
    dateId: uuid('date_id').references(() => eventDates.id, { onDelete: 'cascade' }),
    status: text('status', { enum: waitingListStatuses }).notNull().default('waiting'),
    // The places offered, the deadline and the hash of the personal link's token (never the token).
    offeredQuantity: integer('offered_quantity'),
    offeredAt: instant('offered_at'),
    offerExpiresAt: instant('offer_expires_at'),
    offerTokenHash: text('offer_token_hash'),
    offerOrderId: uuid('offer_order_id').references(() => orders.id),
    // When its person opened the link (the offer became their payment hold).
    acceptedAt: instant('accepted_at'),
    endedAt: instant('ended_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // One live entry per account, ticket and date: two joins at once leave one row.
    uniqueIndex('waiting_list_live_key')
      .on(t.ticketId, t.userId, sql`coalesce(${t.dateId}, ${t.ticketId})`)
      .where(sql`${t.status} in ('waiting', 'offered', 'accepted')`),
    // The next in line: those still waiting, in join order (a ticket's line, or one date's of it).
    index('waiting_list_next_idx').on(t.ticketId, t.createdAt, t.id).where(sql`${t.status} = 'waiting'`),
    index('waiting_list_next_of_date_idx')
      .on(t.ticketId, t.dateId, t.createdAt, t.id)
      .where(sql`${t.status} = 'waiting' and ${t.dateId} is not null`),
    index('waiting_list_event_user_idx').on(t.eventId, t.userId),
    uniqueIndex('waiting_list_offer_token_key').on(t.offerTokenHash),
    // The entry of an offer's order: its outcome (orders_waiting_list_outcome), its expiry.
    index('waiting_list_offer_order_idx').on(t.offerOrderId).where(sql`${t.offerOrderId} is not null`),
    // 1 to MAX_TICKETS_PER_ORDER: a waiting place becomes one order.
    check('waiting_list_quantity_check', sql`${t.quantity} between 1 and 5`),
    check(
      'waiting_list_status_check',
      sql`${t.status} in ('waiting', 'offered', 'accepted', 'converted', 'left', 'expired')`,
    ),
  ],
);

export const ticketTransferStatuses = ['pending', 'accepted', 'cancelled', 'expired'] as const;

/**
 * A ticket sent by its holder to someone else by e-mail (issue 30; docs/decisions.md, "Transfers"):
 * pending until the receiver accepts it, its sender cancels it or its delay passes. The link's
 * token is kept only hashed. Accepted, it names the receiver and the new participation.
 */
export const ticketTransfers = pgTable(
  'ticket_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    participationId: uuid('participation_id')
      .notNull()
      .references(() => participations.id),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id),
    toEmail: text('to_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ticketTransferStatuses }).notNull().default('pending'),
    expiresAt: instant('expires_at').notNull(),
    toUserId: uuid('to_user_id').references(() => users.id),
    newParticipationId: uuid('new_participation_id').references(() => participations.id),
    endedAt: instant('ended_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ticket_transfers_token_key').on(t.tokenHash),
    // One pending transfer per place: two sends at once leave one.
    uniqueIndex('ticket_transfers_pending_key').on(t.participationId).where(sql`${t.status} = 'pending'`),
    index('ticket_transfers_new_participation_idx').on(t.newParticipationId),
    index('ticket_transfers_event_idx').on(t.eventId, t.createdAt),
    check('ticket_transfers_status_check', sql`${t.status} in ('pending', 'accepted', 'cancelled', 'expired')`),
  ],
);
export const resaleListingStatuses = ['listed', 'withdrawn', 'sold'] as const;

/**
 * A place put up for resale at face value by its holder (issue 30; docs/decisions.md, "Resale"):
 * listed until withdrawn or sold; sold, it names the buyer's participation and the seller's refund.
 */
export const resaleListings = pgTable(
  'resale_listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    participationId: uuid('participation_id')
      .notNull()
      .references(() => participations.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    priceCents: integer('price_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    status: text('status', { enum: resaleListingStatuses }).notNull().default('listed'),
    buyerParticipationId: uuid('buyer_participation_id').references(() => participations.id),
    refundId: uuid('refund_id').references(() => refunds.id),
    endedAt: instant('ended_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // One live listing per place: two clicks at once leave one.
    uniqueIndex('resale_listings_listed_key').on(t.participationId).where(sql`${t.status} = 'listed'`),
    // The oldest live listing of a ticket sells first.
    index('resale_listings_ticket_idx').on(t.ticketId, t.createdAt).where(sql`${t.status} = 'listed'`),
    index('resale_listings_buyer_idx').on(t.buyerParticipationId),
    check('resale_listings_status_check', sql`${t.status} in ('listed', 'withdrawn', 'sold')`),
    check(
      'resale_listings_amounts_check',
      sql`${t.priceCents} > 0 and ${t.feeCents} >= 0 and ${t.feeCents} <= ${t.priceCents}`,
    ),
  ],
);

export const staffRoles = ['scanner', 'box-office'] as const;

/** The people who scan an event's tickets at the door, added by its organiser (2-organiser.md §2.6). */
export const eventStaff = pgTable(
  'event_staff',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    addedBy: uuid('added_by').references(() => users.id),
    // Scanner: scans only; box office: also sells at the door (docs/decisions.md, "Staff").
    role: text('role', { enum: staffRoles }).notNull().default('scanner'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_staff_user_idx').on(t.userId),
    check('event_staff_role_check', sql`${t.role} in ('scanner', 'box-office')`),
  ],
);

export const scanResults = [
  'accepted',
  'already_scanned',
  'invalid',
  'other_event',
  'cancelled',
  'transferred',
  'not_on_list',
  'not_checked_in',
  'already_out',
  'other_date',
] as const;

/**
 * An event's check-in lists (issue 31, docs/decisions.md "Check-in lists"): a door that admits some
 * ticket types, each place once (or again after leaving, when re-entry is allowed). An event with
 * none has the implicit list of the whole event (`participations.entries_used`).
 */
export const checkinLists = pgTable(
  'checkin_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // A ticket's options (tickets with this parent) are admitted with it.
    ticketIds: uuid('ticket_ids').array().notNull(),
    allowReentry: boolean('allow_reentry').notNull().default(false),
    allowCheckout: boolean('allow_checkout').notNull().default(false),
    // The dates it admits (issue 32); empty: every date.
    dateIds: uuid('date_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    // Kept once deleted: the scans made on it still name it, and an offline queue made on it is still recorded.
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    index('checkin_lists_event_idx').on(t.eventId),
    check('checkin_lists_reentry_check', sql`not ${t.allowReentry} or ${t.allowCheckout}`),
  ],
);

/**
 * A place's entries on a check-in list: entries taken, and people of the place inside now
 * (entries less check-outs). Written only by `guichet_take_list_entry`, under the place's lock.
 */
export const checkinListEntries = pgTable(
  'checkin_list_entries',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => checkinLists.id, { onDelete: 'cascade' }),
    participationId: uuid('participation_id')
      .notNull()
      .references(() => participations.id, { onDelete: 'cascade' }),
    entries: integer('entries').notNull().default(0),
    inside: integer('inside').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.participationId] }),
    check('checkin_list_entries_check', sql`${t.inside} >= 0 and ${t.inside} <= ${t.entries}`),
  ],
);

/**
 * A pass's entries per date on an event of several dates, taken by the scans that name no list
 * (issue 32): the date of a scan is the one the door lets in at its time. Lists keep
 * their own entries; `participations.entries_used` keeps the most entries of any date, so that a
 * place that came counts as come.
 */
export const passDateEntries = pgTable(
  'pass_date_entries',
  {
    // No foreign keys, as the scans' (below): a check would lock the date's row, shared by every
    // door, at each pass's first scan of the day. Only guichet_take_date_entry writes here, the
    // ids it has read; a date with sales is never deleted.
    participationId: uuid('participation_id').notNull(),
    dateId: uuid('date_id').notNull(),
    entries: integer('entries').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.participationId, t.dateId] }),
    index('pass_date_entries_date_idx').on(t.dateId),
    check('pass_date_entries_check', sql`${t.entries} >= 0`),
  ],
);

/**
 * Every scan at the door, refusals included (they show fraud and gate problems). Its id is chosen
 * by the device, so that a scan sent twice (a lost answer, an offline queue synced again) is
 * recorded, and takes an entry, once. No foreign keys: a key's check locks the referenced row
 * (KEY SHARE), and every door's scan would lock the same event, staff and list rows and the place it
 * just updated, a WAL record each; bench/checkin went from 0.39–0.46 to 0.51–0.56 of the bare UPDATE
 * without them. `guichet_record_scans` writes only ids it has read, and none of these rows is ever
 * deleted (events, places, lists and accounts end by soft deletion or anonymisation).
 */
export const scans = pgTable(
  'scans',
  {
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id').notNull(),
    participationId: uuid('participation_id'),
    staffUserId: uuid('staff_user_id').notNull(),
    deviceId: text('device_id').notNull().default(''),
    // The check-in list scanned for; none: the whole event (issue 31).
    listId: uuid('list_id'),
    direction: text('direction', { enum: ['in', 'out'] })
      .notNull()
      .default('in'),
    result: text('result', { enum: scanResults }).notNull(),
    // Scanned without network, sent later: `scannedAt` is the device's clock.
    offline: boolean('offline').notNull().default(false),
    // An offline scan let someone in whose entry was already taken elsewhere (two doors).
    conflict: boolean('conflict').notNull().default(false),
    scannedAt: instant('scanned_at').notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (t) => [
    index('scans_event_time_idx').on(t.eventId, t.scannedAt),
    index('scans_participation_idx').on(t.participationId, t.scannedAt),
    index('scans_staff_idx').on(t.eventId, t.staffUserId, t.scannedAt),
    check(
      'scans_result_check',
      sql`${t.result} in ('accepted', 'already_scanned', 'invalid', 'other_event', 'cancelled', 'transferred',
                          'not_on_list', 'not_checked_in', 'already_out', 'other_date')`,
    ),
    check('scans_direction_check', sql`${t.direction} in ('in', 'out')`),
  ],
);

/** An attachment named by what it shows; its bytes are produced at sending time. */
export type MailAttachmentRef =
  | { kind: 'ticket-pdf' | 'ticket-qr'; participationId: string }
  // An order's places in one PDF, a page each (issue 30): the confirmation's single ticket file.
  | { kind: 'tickets-pdf'; participationIds: string[] }
  | { kind: 'invoice'; invoiceId: string }
  // A refund's credit notes: issued before the mail is sent, which then carries them as invoices.
  | { kind: 'credit-notes'; refundId: string };

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    // A message written by an organiser: sent in their name, answered to them (attendee-messages).
    fromName: text('from_name'),
    replyTo: text('reply_to'),
    // What to attach, resolved when the mail is sent so that queuing stays cheap.
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    // The RFC 822 message as SMTP would have sent it: kept by the development mailbox only.
    raw: text('raw'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.createdAt).where(sql`${t.sentAt} is null`)],
);

export const jobKinds = [
  'mail',
  'refund',
  'ticket_refund',
  'event_cancellation',
  'wallet_push',
  'waiting_list_offer',
  'attendee_message',
  'webhook_event',
  'webhook',
  'resale_sell',
] as const;
export type JobKind = (typeof jobKinds)[number];

/**
 * Background work, queued in the transaction of the change that calls for it and run by the job
 * runner (`jobs/`): claimed for a lease in a short transaction, run outside it, retried with
 * backoff; one that keeps failing stops at `failed_at` with its last error, for someone to see.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: jobKinds }).notNull(),
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    runAt: instant('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    // A claimed job belongs to its runner until then; a runner that died lets it go.
    lockedUntil: instant('locked_until'),
    lastError: text('last_error'),
    doneAt: instant('done_at'),
    // Set with done_at when the job ended without its work because its subject was gone.
    endedReason: text('ended_reason'),
    failedAt: instant('failed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    index('jobs_failed_idx').on(t.failedAt).where(sql`${t.failedAt} is not null`),
    check(
      'jobs_kind_check',
      sql`${t.kind} in ('mail', 'refund', 'ticket_refund', 'event_cancellation', 'wallet_push', 'waiting_list_offer', 'attendee_message', 'webhook_event', 'webhook', 'resale_sell')`,
    ),
  ],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    percent: integer('percent').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    isSingleUse: boolean('is_single_use').notNull().default(true),
    quantity: integer('quantity').notNull().default(10_000),
    used: integer('used').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_event_code_key').on(t.eventId, sql`lower(${t.code})`),
    check('discount_codes_used_check', sql`${t.used} >= 0`),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followedId: uuid('followed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followedId] }), index('follows_followed_idx').on(t.followedId)],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const orderStatuses = [
  'awaiting_payment',
  // Places kept for someone of the waiting list until their offer's deadline (docs/decisions.md,
  // "Waiting list"): opening the offer's link turns it into an order awaiting payment.
  'offered',
  'paid',
  'expired',
  'cancelled',
  'failed',
  'refund_requested',
  'refunded',
] as const;

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The payment reference sent to the provider (PBX_CMD, Stripe metadata).
    reference: text('reference').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    buyerEmail: text('buyer_email').notNull(),
    buyerFirstName: text('buyer_first_name').notNull(),
    buyerLastName: text('buyer_last_name').notNull(),
    buyerBirthDate: date('buyer_birth_date', { mode: 'string' }).notNull(),
    // Given at the door (optional there); online orders do not ask for it.
    buyerPhone: text('buyer_phone'),
    studies: text('studies'),
    status: text('status', { enum: orderStatuses }).notNull(),
    provider: text('provider', { enum: ['free', 'sandbox', 'etransactions', 'stripe', 'onsite'] }).notNull(),
    // A sale at the door: how the buyer paid, for the organiser's accounts.
    onsitePayment: text('onsite_payment', { enum: ['cash', 'card', 'free'] }),
    // A sale at the door: the organiser, administrator or box-office member who made it.
    soldBy: uuid('sold_by').references(() => users.id),
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id),
    discountPercent: integer('discount_percent'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    insuranceCents: integer('insurance_cents').notNull().default(0),
    feeCents: integer('fee_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    ticketCount: integer('ticket_count').notNull(),
    expiresAt: instant('expires_at').notNull(),
    // A guest (no session) reads their order with this token; only its hash is kept.
    accessTokenHash: text('access_token_hash'),
    transactionId: text('transaction_id'),
    paidAt: instant('paid_at'),
    // Made of places the waiting list offered (orders/offers.ts): its outcome is the entry's
    // (converted once paid), through the trigger orders_waiting_list_outcome.
    isWaitingListOffer: boolean('is_waiting_list_offer').notNull().default(false),
    // Its invoices issued and its places numbered (invoices/issue.ts); null while owed.
    documentsIssuedAt: instant('documents_issued_at'),
    // The company its invoices name instead of the buyer (issue 29): checked, identifiers normalized.
    companyInvoice: jsonb('company_invoice').$type<CompanyInvoice>(),
    // The answers to the questions asked once for the order, by question id (attendee questions).
    answers: jsonb('answers').$type<Record<string, string | string[] | boolean>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_reference_key').on(t.reference),
    uniqueIndex('orders_transaction_key').on(t.transactionId),
    index('orders_awaiting_idx').on(t.expiresAt).where(sql`${t.status} = 'awaiting_payment'`),
    index('orders_offered_idx').on(t.expiresAt).where(sql`${t.status} = 'offered'`),
    // A buyer's orders, and their orders of one event (the live-hold check), without reading
    // anyone else's. Not partial: a partial index on the status lost the planner's choice to
    // orders_awaiting_idx, which reads every live hold (docs/decisions.md, "Group commit of holds").
    index('orders_user_event_idx').on(t.userId, t.eventId),
    index('orders_event_idx').on(t.eventId, t.status),
    // The orders whose documents are owed: the issuing pass reads only these.
    index('orders_documents_owed_idx')
      .on(t.paidAt)
      .where(sql`${t.documentsIssuedAt} is null and ${t.status} in ('paid', 'refund_requested', 'refunded')`),
    check(
      'orders_status_check',
      sql`${t.status} in ('awaiting_payment', 'offered', 'paid', 'expired', 'cancelled', 'failed', 'refund_requested', 'refunded')`,
    ),
    check('orders_onsite_payment_check', sql`${t.onsitePayment} in ('cash', 'card', 'free')`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    refundPlaces: integer('refund_places').notNull().default(0),
    insuranceCents: integer('insurance_cents').notNull().default(0),
    // The holders the buyer named, one per place in order, when the event asks for them.
    holders: jsonb('holders').$type<{ firstName: string; lastName: string }[]>(),
    // The answers to the questions asked for each place, in order, until settlement copies them.
    answers: jsonb('answers').$type<Record<string, string | string[] | boolean>[]>(),
    // The free ticket offered with the order's purchase (recorded as OFFERT).
    isGift: boolean('is_gift').notNull().default(false),
    // The date bought (issue 32); null for a pass and for a one-date event.
    dateId: uuid('date_id'),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), index('order_lines_ticket_idx').on(t.ticketId)],
);

/** A private link: its key shows the chosen hidden tickets of one event. */
export const shareLinks = pgTable('share_links', {
  key: text('key').primaryKey(),
  eventId: uuid('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  ticketIds: uuid('ticket_ids').array().notNull(),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
});

/**
 * The sites allowed to show an event's ticket shop in a frame (issue 33): each one a host the
 * embed page's `frame-ancestors` lists, as the organiser declared it (lowercase, optional port).
 */
export const embedDomains = pgTable(
  'embed_domains',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.host] })],
);

/**
 * A booking started from an embedded ticket shop and finished in Guichet's own window: the shop
 * polls its random reference to learn that it is done (the pop-up cannot message the frame: the
 * pages' cross-origin opener policy cuts the link, and the frame's storage is partitioned).
 */
export const embedBookings = pgTable(
  'embed_bookings',
  {
    ref: text('ref').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    places: integer('places').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('embed_bookings_created_idx').on(t.createdAt)],
);

/**
 * Every capture a provider reported, whichever order it settled: a second capture of a paid order
 * (the buyer paid on two payment pages) or a payment whose places were gone is kept here with
 * its refund state, so that no money taken is ever unaccounted for.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider', { enum: ['sandbox', 'etransactions', 'stripe'] }).notNull(),
    transactionId: text('transaction_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    // payment: the capture that paid the order; duplicate: another capture of a paid order;
    // late: a capture for a hold whose places or promo use were gone.
    kind: text('kind', { enum: ['payment', 'duplicate', 'late'] }).notNull(),
    refundStatus: text('refund_status', { enum: ['none', 'pending', 'refunding', 'refunded', 'failed'] })
      .notNull()
      .default('none'),
    refundError: text('refund_error'),
    refundedAt: instant('refunded_at'),
    // A late payment given back: its credit notes issued (invoices/credit-notes.ts); null while owed.
    creditNotesIssuedAt: instant('credit_notes_issued_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_transactions_provider_key').on(t.provider, t.transactionId),
    index('payment_transactions_order_idx').on(t.orderId),
    index('payment_transactions_credit_notes_owed_idx')
      .on(t.createdAt)
      .where(sql`${t.creditNotesIssuedAt} is null and ${t.kind} = 'late' and ${t.refundStatus} = 'refunded'`),
    index('payment_transactions_refund_idx').on(t.createdAt).where(sql`${t.refundStatus} in ('pending', 'failed')`),
    check('payment_transactions_amount_check', sql`${t.amountCents} >= 0`),
    check('payment_transactions_kind_check', sql`${t.kind} in ('payment', 'duplicate', 'late')`),
    check(
      'payment_transactions_refund_status_check',
      sql`${t.refundStatus} in ('none', 'pending', 'refunding', 'refunded', 'failed')`,
    ),
  ],
);

// date_cancelled / date_moved: one date of a multi-date event cancelled, or moved and its holder not keeping it.
export const refundCauses = ['request', 'cancellation', 'resale', 'date_cancelled', 'date_moved'] as const;
export const refundStatuses = ['pending', 'refunding', 'refunded', 'failed', 'refused', 'manual'] as const;

/**
 * Money given back for places: a holder's accepted request (their insured places) or an event's
 * cancellation (everything the order paid). One live refund per participation and per cancelled
 * order, so that no replay, second click or second process refunds twice (docs/decisions.md,
 * "Refunds and cancellations").
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    orderId: uuid('order_id').references(() => orders.id),
    // A request refunds one participation; a cancellation the whole order.
    participationId: uuid('participation_id').references(() => participations.id),
    // The date (event_dates) a date_cancelled / date_moved refund is for: a pass is refunded once per date.
    dateId: uuid('date_id'),
    cause: text('cause', { enum: refundCauses }).notNull(),
    places: integer('places').notNull(),
    amountCents: integer('amount_cents').notNull(),
    provider: text('provider', { enum: ['free', 'sandbox', 'etransactions', 'stripe', 'onsite'] }),
    // The provider's capture the money goes back to.
    transactionId: text('transaction_id'),
    status: text('status', { enum: refundStatuses }).notNull(),
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    // When the provider was last asked: a refund left 'refunding' longer than a lease was cut off.
    claimedAt: instant('claimed_at'),
    refundedAt: instant('refunded_at'),
    // Its credit notes issued (invoices/credit-notes.ts), or none owed; null while owed.
    creditNotesIssuedAt: instant('credit_notes_issued_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // The refunds whose credit notes are owed: the issuing pass reads only these.
    index('refunds_credit_notes_owed_idx')
      .on(t.createdAt)
      .where(sql`${t.creditNotesIssuedAt} is null and ${t.status} in ('refunded', 'manual')`),
    uniqueIndex('refunds_live_participation_key').on(t.participationId).where(sql`${t.cause} = 'request'`),
    uniqueIndex('refunds_cancelled_order_key').on(t.orderId).where(sql`${t.cause} = 'cancellation'`),
    // A place resold is refunded to its seller once.
    uniqueIndex('refunds_resold_participation_key').on(t.participationId).where(sql`${t.cause} = 'resale'`),
    uniqueIndex('refunds_date_participation_key')
      .on(t.participationId, t.dateId)
      .where(sql`${t.cause} in ('date_cancelled', 'date_moved')`),
    index('refunds_event_idx').on(t.eventId, t.status),
    check(
      'refunds_cause_check',
      sql`${t.cause} in ('request', 'cancellation', 'resale', 'date_cancelled', 'date_moved')`,
    ),
    check(
      'refunds_status_check',
      sql`${t.status} in ('pending', 'refunding', 'refunded', 'failed', 'refused', 'manual')`,
    ),
    check('refunds_amounts_check', sql`${t.amountCents} >= 0 and ${t.places} >= 0`),
  ],
);

/** The shop's catalogue (3-showcase-and-shell.md §9): reference data, seeded and editable. */
export const shopProducts = pgTable(
  'shop_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The seed's stable key, so that seeding again never duplicates an item.
    slug: text('slug').notNull(),
    offer: text('offer', { enum: ['location', 'achat', 'service'] }).notNull(),
    category: text('category', { enum: ['logistique', 'securite', 'animation'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    priceCents: integer('price_cents'),
    priceLabel: text('price_label'),
    variants: jsonb('variants')
      .$type<
        {
          label: string;
          priceCents: number | null;
          priceLabel: string | null;
          packSize: number;
          quantities: number[] | null;
        }[]
      >()
      .notNull()
      .default([]),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_products_slug_key').on(t.slug),
    index('shop_products_offer_idx').on(t.offer, t.position),
    check('shop_products_offer_check', sql`${t.offer} in ('location', 'achat', 'service')`),
    check('shop_products_category_check', sql`${t.category} in ('logistique', 'securite', 'animation')`),
    check('shop_products_price_check', sql`${t.priceCents} >= 0 or ${t.priceLabel} is not null`),
  ],
);

/** A visitor's quote request, with its cart as priced when it was sent (the spec's fix: kept, not dropped). */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: ['new', 'answered', 'won', 'lost'] })
      .notNull()
      .default('new'),
    // The session's account when the visitor was logged in; the form needs none.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    partner: boolean('partner').notNull(),
    structureName: text('structure_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    billingAddress: text('billing_address').notNull(),
    billingPostcode: text('billing_postcode').notNull(),
    billingCity: text('billing_city').notNull(),
    deliveryAddress: text('delivery_address').notNull(),
    deliveryPostcode: text('delivery_postcode').notNull(),
    deliveryCity: text('delivery_city').notNull(),
    comments: text('comments').notNull().default(''),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('quote_requests_created_idx').on(t.createdAt),
    check('quote_requests_status_check', sql`${t.status} in ('new', 'answered', 'won', 'lost')`),
    check('quote_requests_dates_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const quoteRequestLines = pgTable(
  'quote_request_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteRequestId: uuid('quote_request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    // The title and prices are copied: the catalogue may change after the request.
    productId: uuid('product_id').references(() => shopProducts.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    variant: text('variant'),
    offer: text('offer', { enum: ['location', 'achat', 'service'] }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents'),
    priceLabel: text('price_label'),
    packSize: integer('pack_size').notNull().default(1),
    amountCents: integer('amount_cents'),
    discountCents: integer('discount_cents').notNull().default(0),
  },
  (t) => [
    index('quote_request_lines_request_idx').on(t.quoteRequestId, t.position),
    check('quote_request_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** An organiser's bank account for payouts (2-organiser.md §2.4), kept between requests. */
export const bankAccounts = pgTable('bank_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  holderName: text('holder_name').notNull(),
  // Electronic format: upper case, no spaces, checked with ibantools before it is stored.
  iban: text('iban').notNull(),
  bic: text('bic'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * The organiser's billing identity (issue 29): what the invoices issued in their name print. The
 * identifiers are stored normalized, as checked by the shared checkBillingIdentity.
 */
export const billingIdentities = pgTable(
  'billing_identities',
  {
    organizerId: uuid('organizer_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    legalName: text('legal_name').notNull(),
    street: text('street').notNull(),
    postcode: text('postcode').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    siren: text('siren'),
    siret: text('siret'),
    rna: text('rna'),
    vatRegime: text('vat_regime', { enum: ['vat', 'franchise'] }).notNull(),
    vatNumber: text('vat_number'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A SIREN (with or without its SIRET) or, for an association without one, an RNA number.
    check('billing_identities_registration_check', sql`(${t.siren} is not null) <> (${t.rna} is not null)`),
    check('billing_identities_vat_check', sql`(${t.vatRegime} = 'vat') = (${t.vatNumber} is not null)`),
  ],
);

// 'cancelled': the event was cancelled before the payout left (docs/decisions.md, "Payouts and cancellations").
// 'batched': in a batch for the bank; 'returned': paid, then sent back by the bank (its amount is available again).
export const payoutStatuses = ['requested', 'batched', 'paid', 'cancelled', 'rejected', 'returned'] as const;

/**
 * A batch of payouts for the bank (docs/decisions.md, "Payout batches"): its pain.001 file is
 * written once, at its first download, and kept, so that every download is the same bytes under
 * one MsgId; "sent" means downloaded at least once. Paid as a whole, with the bank's reference.
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: uuid('created_by').references(() => users.id),
    sepaXml: text('sepa_xml'),
    downloadedAt: instant('downloaded_at'),
    downloadedBy: uuid('downloaded_by').references(() => users.id),
    bankReference: text('bank_reference'),
    paidAt: instant('paid_at'),
    paidBy: uuid('paid_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('payout_batches_created_idx').on(t.createdAt),
    check(
      'payout_batches_state_check',
      sql`(${t.downloadedAt} is null) = (${t.sepaXml} is null) and (${t.paidAt} is null) = (${t.bankReference} is null) and (${t.paidAt} is null or ${t.downloadedAt} is not null)`,
    ),
  ],
);

/**
 * A payout request: the event's balance when it was asked for, and the bank account it goes to,
 * copied so that a later change of details does not change a request already queued.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    organizerId: uuid('organizer_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: payoutStatuses }).notNull().default('requested'),
    holderName: text('holder_name').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic'),
    requestedBy: uuid('requested_by').references(() => users.id),
    // Kept once paid or returned: the batch whose file carried it.
    batchId: uuid('batch_id').references(() => payoutBatches.id),
    bankReference: text('bank_reference'),
    rejectReason: text('reject_reason'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: instant('decided_at'),
    returnedAt: instant('returned_at'),
    // The commission invoiced with the payout (docs/decisions.md, "Invoices and VAT"): what the
    // event's sales were charged since the previous invoice, and the VAT the payout deducted on it.
    commissionExclVatCents: integer('commission_excl_vat_cents').notNull().default(0),
    commissionVatCents: integer('commission_vat_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('payouts_event_idx').on(t.eventId),
    index('payouts_status_idx').on(t.status, t.createdAt),
    index('payouts_batch_idx').on(t.batchId),
    check('payouts_amount_check', sql`${t.amountCents} > 0`),
    check(
      'payouts_status_check',
      sql`${t.status} in ('requested', 'batched', 'paid', 'cancelled', 'rejected', 'returned')`,
    ),
    check(
      'payouts_decision_check',
      sql`(${t.status} in ('requested', 'batched')) = (${t.decidedAt} is null) and (${t.status} not in ('paid', 'returned') or ${t.bankReference} is not null) and (${t.status} <> 'rejected' or ${t.rejectReason} is not null) and (${t.status} <> 'batched' or ${t.batchId} is not null) and (${t.status} = 'returned') = (${t.returnedAt} is not null)`,
    ),
  ],
);

export const ledgerAccounts = ['organizer', 'platform', 'door', 'bank'] as const;

/**
 * The money ledger (docs/decisions.md, "The money ledger"): every movement of an organiser's money,
 * appended by the database in the transaction of the change that causes it and never changed.
 * `organizer` is what the platform owes the organiser, per stream (an event, or the organiser's own
 * stream for adjustments); each of its entries carries its stream's position and the stream's sum
 * after it, so that a balance is read from the last entry instead of adding thousands. `platform`
 * is the platform's revenue (fees, insurance, commission), `door` the money an organiser took
 * themselves at the door, by method, and `bank` the transfers that left the platform's account.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key to the organiser, the event or the order: each would lock the event's row (or
    // the order's) for every entry of an on-sale, and the ledger's writers read these rows in the
    // same transaction, which are never deleted (docs/decisions.md, "The money ledger").
    organizerId: uuid('organizer_id').notNull(),
    eventId: uuid('event_id'),
    account: text('account', { enum: ledgerAccounts }).notNull(),
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    // The door's payment method (cash, card, free) or the online provider.
    method: text('method'),
    orderId: uuid('order_id'),
    refundId: uuid('refund_id').references(() => refunds.id),
    payoutId: uuid('payout_id').references(() => payouts.id),
    streamId: uuid('stream_id'),
    streamSeq: integer('stream_seq'),
    streamBalanceCents: bigint('stream_balance_cents', { mode: 'number' }),
    reason: text('reason'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_stream_key').on(t.streamId, t.streamSeq).where(sql`${t.streamId} is not null`),
    index('ledger_entries_event_idx').on(t.eventId, t.account, t.kind),
    index('ledger_entries_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
    index('ledger_entries_refund_idx').on(t.refundId).where(sql`${t.refundId} is not null`),
    index('ledger_entries_payout_idx').on(t.payoutId).where(sql`${t.payoutId} is not null`),
    check('ledger_entries_account_check', sql`${t.account} in ('organizer', 'platform', 'door', 'bank')`),
    check(
      'ledger_entries_stream_check',
      sql`(${t.account} = 'organizer') = (${t.streamId} is not null) and (${t.streamId} is null) = (${t.streamSeq} is null) and (${t.streamId} is null) = (${t.streamBalanceCents} is null)`,
    ),
    check('ledger_entries_adjustment_check', sql`${t.kind} <> 'adjustment' or length(trim(${t.reason})) > 0`),
  ],
);

/** Every administrative action: who, what, on what, when, and the values before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type', {
      enum: ['user', 'event', 'payout', 'payout_batch', 'api_token', 'webhook'],
    }).notNull(),
    targetId: uuid('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    check(
      'audit_log_target_type_check',
      sql`${t.targetType} in ('user', 'event', 'payout', 'payout_batch', 'api_token', 'webhook')`,
    ),
  ],
);

/**
 * The SQL each module declares (db/declared-sql.ts), as last applied: a file is applied again only
 * when its text changed, so that a restart during a sale takes no lock on the tables its triggers
 * are on.
 */
export const declaredSql = pgTable('declared_sql', {
  name: text('name').primaryKey(),
  sha256: text('sha256').notNull(),
  appliedAt: instant('applied_at').notNull().defaultNow(),
});

/**
 * Statements a migration leaves to run once the declared SQL is in place (a table filled by a
 * function of a module's sql/ folder, which migrations never copy): run at the next start, each in
 * the transaction that deletes its row.
 */
export const owedStatements = pgTable('owed_statements', {
  name: text('name').primaryKey(),
  statement: text('statement').notNull(),
  createdAt: createdAt(),
});

/**
 * Uploaded images, in the database so that every server of a cluster serves them and a database
 * backup holds them (docs/decisions.md, "Uploaded images"). A key is written once, never changed.
 */
export const storedImages = pgTable('stored_images', {
  key: text('key').primaryKey(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/**
 * The last number given in each uninterrupted series (tickets of an event, an issuer's invoices):
 * taken by the transaction that writes what it numbers, so a rollback gives the number back.
 */
export const numberSeries = pgTable('number_series', {
  key: text('key').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/** Invoices and credit notes as issued (docs/decisions.md, "Invoices and VAT"). */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    series: text('series').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    kind: text('kind', { enum: ['invoice', 'credit-note'] }).notNull(),
    issuer: text('issuer', { enum: ['organizer', 'platform'] }).notNull(),
    // An order's sale or refund; or a payout's commission, sold by the platform to the organiser.
    orderId: uuid('order_id').references(() => orders.id),
    payoutId: uuid('payout_id').references(() => payouts.id),
    organizerId: uuid('organizer_id').references(() => users.id),
    correctsId: uuid('corrects_id'),
    // What the document answers (the order's sale by one issuer, one refund): issued once.
    sourceKey: text('source_key').notNull(),
    // The document as issued (invoices/document.ts): its PDF is made from it, whatever changes later.
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    totalCents: integer('total_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    issuedAt: instant('issued_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_series_seq_key').on(t.series, t.seq),
    uniqueIndex('invoices_source_key').on(t.sourceKey),
    index('invoices_order_idx').on(t.orderId),
    index('invoices_payout_idx').on(t.payoutId),
    check('invoices_source_check', sql`${t.orderId} is not null or ${t.payoutId} is not null`),
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'credit-note')`),
    check('invoices_issuer_check', sql`${t.issuer} in ('organizer', 'platform')`),
  ],
);

/**
 * What the administrator sets for the whole platform: one row (its key is always true), read with
 * defaults when it was never written.
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: boolean('id').primaryKey().default(true),
    // Messages an organiser may send to one event's attendees per Paris day (issue 31: 3).
    attendeeMessagesPerDay: integer('attendee_messages_per_day').notNull().default(3),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('platform_settings_single_row', sql`${t.id}`),
    check('platform_settings_messages_check', sql`${t.attendeeMessagesPerDay} between 0 and 100`),
  ],
);

/** A message an organiser wrote to an event's attendees: the kept copy (attendee-messages). */
export const attendeeMessages = pgTable(
  'attendee_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    // The filters as given: { ticketIds?, checkin? }.
    audience: jsonb('audience').$type<{ ticketIds?: string[]; checkin?: 'in' | 'absent' }>().notNull(),
    // Frozen at writing: the organiser's name and contact address the mails carry.
    senderName: text('sender_name').notNull(),
    replyTo: text('reply_to').notNull(),
    recipientCount: integer('recipient_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('attendee_messages_event_idx').on(t.eventId, t.createdAt),
    index('attendee_messages_created_idx').on(t.createdAt),
  ],
);

/**
 * One row per distinct address a message goes to. `mail_id` is set, in the same transaction as
 * the mail it names is queued, for a batch claimed with SKIP LOCKED: a recipient is mailed once
 * whatever runs the job, twice or killed.
 */
export const attendeeMessageRecipients = pgTable(
  'attendee_message_recipients',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => attendeeMessages.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    mailId: uuid('mail_id').references(() => mailOutbox.id),
    queuedAt: instant('queued_at'),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.email] }),
    index('attendee_message_recipients_pending_idx').on(t.messageId).where(sql`${t.mailId} is null`),
  ],
);

/**
 * An organiser's API token (issue 33): the SHA-256 of the token, never the token, which its
 * owner saw once. A revoked token keeps its row, so that the audit log still names it.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_tokens_hash_key').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)],
);

/**
 * An organiser's webhook endpoint (issue 33). The secret signs every delivery, so it is kept as
 * it is (a hash could not sign); `next_slot_at` paces deliveries to one endpoint across
 * processes; `consecutive_failures` disables it at its limit.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    disabledAt: instant('disabled_at'),
    nextSlotAt: instant('next_slot_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/** Each attempt to deliver an event to an endpoint: the delivery log its organiser reads. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    answer: text('answer').notNull().default(''),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_endpoint_idx').on(t.endpointId, t.createdAt)],
);

/**
 * The sandbox bank's decisions: one per page shown (the decision token's signature), so that a
 * second click, on whichever server, lands where the first did and notifies the shop once.
 */
export const sandboxBankDecisions = pgTable('sandbox_bank_decisions', {
  attempt: text('attempt').primaryKey(),
  location: text('location').notNull(),
  createdAt: createdAt(),
});

/** The sandbox bank's refunds, one per question (site, transaction, question number): asked again, refunded once. */
export const sandboxBankRefunds = pgTable(
  'sandbox_bank_refunds',
  {
    question: text('question').primaryKey(),
    transactionId: text('transaction_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_bank_refunds_transaction_idx').on(t.transactionId)],
);
