import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from './app-deps';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createReadReplica, primaryOnly } from './db/read-replica';
import { seedDemoData } from './db/seed/demo';
import { seedDemoBanners } from './db/seed/demo-banners';
import { seedDemoSales } from './db/seed/demo-sales';
import { createJobRunner, type JobRunner } from './jobs/runner';
import { createBus } from './lib/bus';
import { type Clock, systemClock } from './lib/clock';
import { leasedRedisStore } from './lib/rate-limit-leases';
import { singleFlight } from './lib/single-flight';
import type { ResolveAttachment } from './mail/attachments';
import { devMailboxRoutes } from './mail/dev-mailbox.routes';
import { createTransport, deliverMail, findQueuedMail, type MailTransport } from './mail/outbox';
import { accountRoutes } from './modules/account/account.routes';
import { addressRoutes } from './modules/addresses/routes';
import { adminRoutes } from './modules/admin/routes';
import { apiTokenRoutes } from './modules/api-tokens/routes';
import { attendeeMessageRoutes } from './modules/attendee-messages/routes';
import { sendNextBatch } from './modules/attendee-messages/service';
import { createLoginThrottle, deviceKeyFrom } from './modules/auth/login-throttle';
import { authRoutes } from './modules/auth/routes';
import { createMemoryThrottleStore, createRedisThrottleStore } from './modules/auth/throttle-store';
import { createAvailabilityHub } from './modules/availability/hub';
import { availabilityRoutes } from './modules/availability/routes';
import type { StreamLimits } from './modules/availability/stream';
import { billingRoutes } from './modules/billing/routes';
import { checkinRoutes } from './modules/checkin/routes';
import { checkinListRoutes } from './modules/checkin-lists/routes';
import { checkoutRoutes } from './modules/checkout/order.routes';
import { paymentRoutes, stripeWebhookRoutes } from './modules/checkout/payment.routes';
import { providerFor, retryRefund } from './modules/checkout/payment.service';
import { changedSaleOf, createSaleCache, SALE_CHANGED_CHANNEL } from './modules/checkout/sale-cache';
import { consoleRoutes } from './modules/console/routes';
import { contractRoutes } from './modules/contract/routes';
import { dateChangeRoutes } from './modules/dates/changes.routes';
import { dateRoutes } from './modules/dates/dates.routes';
import { addPlaceDatesToMail } from './modules/dates/mail-dates';
import { declarationsRoutes } from './modules/declarations/routes';
import { doorSaleRoutes } from './modules/door-sales/routes';
import { embedRoutes, embedScriptRoutes } from './modules/embed/routes';
import { EMBED_PAGE_PATH, embedPageHead, forgetOldEmbedBookings, framingHostsOf } from './modules/embed/service';
import { eventRoutes } from './modules/events/events.routes';
import { createEventListing, cursorKeyFrom } from './modules/events/listing.service';
import { pageHead } from './modules/events/preview';
import { foldKeptStatistics } from './modules/follow-up/fold';
import { followUpRoutes } from './modules/follow-up/routes';
import { guestRoutes } from './modules/guest/routes';
import { healthRoutes } from './modules/health/routes';
import { imageRoutes } from './modules/images/routes';
import { invitationRoutes } from './modules/invitations/routes';
import {
  attachCreditNotesOfMail,
  issueEventCreditNotes,
  issueLateCaptureCreditNotes,
  issueRefundCreditNotes,
} from './modules/invoices/credit-notes';
import { invoiceRoutes } from './modules/invoices/invoice.routes';
import { invoiceAttachment } from './modules/invoices/invoice.service';
import { issueDocumentsOfMail } from './modules/invoices/issue';
import { issueMissingDocuments } from './modules/invoices/owed-documents';
import { sellersFrom } from './modules/invoices/sellers';
import { reclaimEveryExpiredHold } from './modules/orders/expired-holds';
import { organiserRoutes } from './modules/organiser/organiser.routes';
import { participationRoutes } from './modules/participations/participations.routes';
import { payoutBatchRoutes } from './modules/payout-batches/routes';
import { payoutRoutes } from './modules/payouts/routes';
import { questionRoutes } from './modules/questions/questions.routes';
import { rateRoutes } from './modules/rates/routes';
import { runCancellation } from './modules/refunds/cancellation.service';
import { carryOutRefund } from './modules/refunds/execution.service';
import { refundRoutes } from './modules/refunds/refunds.routes';
import { resaleRoutes } from './modules/resale/routes';
import { sellResoldPlaces } from './modules/resale/service';
import { shareLinkRoutes } from './modules/share-links/routes';
import { seedDemoQuoteRequest } from './modules/shop/demo-quote';
import { showcasePageHead } from './modules/shop/page-head';
import { shopRoutes } from './modules/shop/shop.routes';
import { siteFileRoutes } from './modules/site-files/routes';
import { staffRoutes } from './modules/staff/routes';
import { ticketAttachmentResolver } from './modules/ticket-codes/attachments';
import { loadTicketKeys } from './modules/ticket-codes/keys';
import { ticketCodeRoutes } from './modules/ticket-codes/routes';
import { ticketRulesRoutes } from './modules/ticket-rules/routes';
import { transferRoutes } from './modules/transfers/routes';
import { expireWaitingListOffers, offerPlacesBack } from './modules/waiting-list/offers.service';
import { waitingListRoutes } from './modules/waiting-list/waiting-list.routes';
import { waitingRoomRoutes } from './modules/waiting-room/routes';
import { appleWebServiceRoutes } from './modules/wallet/apple-service.routes';
import { pushWalletPassChange } from './modules/wallet/push.service';
import { createWalletPushAdapter, type WalletPushAdapter } from './modules/wallet/push-adapter';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { deliverWebhook, fanOutWebhookEvent, WEBHOOK_JOB_KINDS } from './modules/webhooks/delivery';
import { webhookRoutes } from './modules/webhooks/routes';
import { forgetOldWebhookAttempts } from './modules/webhooks/service';
import {
  createPaymentProviders,
  createSandboxBankStore,
  type PaymentConfig,
  type PaymentProviderName,
  paymentConfigFrom,
  paymentFormOrigins,
  sandboxBankRoutes,
} from './payments';
import { installErrorHandler } from './plugins/errors';
import { guardInputs } from './plugins/input-guard';
import { installObservability, requestIdOf } from './plugins/observability';
import { registerOpenApi } from './plugins/openapi';
import { markWriters } from './plugins/read-your-writes';
import { declareRouteAccess, enforceRouteAccess } from './plugins/route-access';
import { refuseCrossOriginWrites } from './plugins/same-origin';
import { addSecurityHeaders } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { serveWebApp } from './plugins/web';
import { createDatabaseImageStore } from './storage/image-store';

z.config(z.locales.fr());

/** Writes that change no page of the events list (it shows no places left): the on-sale's. */
const LIST_NEUTRAL_WRITES = /^\/(api\/(orders|payments)|sandbox-bank)(\/|$)/;
export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** Payment providers; from the environment by default. */
  payments?: PaymentConfig;
  /** How the sandbox bank reaches our IPN (tests route it to `app.inject`). */
  sandboxFetch?: typeof fetch;
  /** Serve the built web app (the single-process mode of `npm start`). */
  serveWeb?: boolean;
  /** Seeds the demo accounts, events and their sales once (embedded and development modes). */
  seedDemo?: boolean;
  /** How mail leaves; by default SMTP when configured, else the development mailbox keeps it. */
  mailTransport?: MailTransport;
  /** Runs queued jobs every few seconds (the server); tests call `app.jobs.runDue()` themselves. */
  startJobs?: boolean;
  /** How pass changes reach Apple's and Google's servers; by default theirs (tests: local stand-ins). */
  walletPush?: WalletPushAdapter;
  /** Live availability's settings (tests make them short). */
  availability?: { minIntervalMs?: number; maxWatchers?: number; maxPerAddress?: number; streamLimits?: StreamLimits };
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
    /** Set when the process was asked to stop: readiness answers 503 from then on. */
    shutdown: { begin(): void; isShuttingDown(): boolean };
  }
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** X-Forwarded-For is read back from the socket, one hop per trusted proxy, and no further. */
function trustedProxies(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** Builds the whole application without listening, so that tests can use `app.inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const images = createDatabaseImageStore(database.db);
  const paymentConfig =
    options.payments ??
    paymentConfigFrom(config.payments, { production: config.env === 'production', publicUrl: config.publicUrl });
  const sandboxStore = createSandboxBankStore(database.db);
  const payments = { config: paymentConfig, providers: await createPaymentProviders(paymentConfig, { sandboxStore }) };
  // The bank's payment form is posted to the bank; Stripe's scripts and frames come from Stripe.
  const bankHosts = paymentFormOrigins(paymentConfig, config.publicUrl);
  // Stripe's own list (security guide): its script and frames, 3-D Secure frames from hooks.stripe.com.
  const stripe = paymentConfig.stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [];
  const stripeFrames = paymentConfig.stripe ? [...stripe, 'https://hooks.stripe.com'] : [];

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 100 * 1024,
    trustProxy: trustedProxies(config.trustProxy),
    genReqId: requestIdOf,
    // Shutdown: connections that carry no request are closed at once, the others once answered.
    forceCloseConnections: 'idle',
    // A request that a load balancer sent on a kept-alive connection as the server began to close
    // is served (the database is still open; its answer closes the connection), not refused with
    // a 503 that the balancer may not send elsewhere for a write.
    return503OnClosing: false,
  });
  // Messages between processes (Redis when configured); closed with the application.
  const bus = createBus(config.redisUrl, app.log);
  app.addHook('onClose', () => bus.close());
  // Redis down at start: the server starts anyway, its shared limits degrade as documented.
  app.addHook('onReady', () => bus.connected(5_000));
  const deps: AppDeps = { db: database.db, config, clock, images, bus };
  const tickets = ticketAttachmentResolver(config);
  // A mail's files: its tickets (PDF, QR code) and its order's invoices.
  const resolveAttachment: ResolveAttachment = async (db, ref) => {
    if (ref.kind === 'invoice') return invoiceAttachment(db, ref.invoiceId, config.brandName);
    // Credit notes not issued by the time the mail goes: the order's documents list them later.
    if (ref.kind === 'credit-notes') return null;
    return tickets(db, ref);
  };
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  refuseCrossOriginWrites(app, config.publicUrl);
  guardInputs(app);
  let shuttingDown = false;
  app.decorate('shutdown', {
    begin: () => {
      shuttingDown = true;
    },
    isShuttingDown: () => shuttingDown,
  });
  installObservability(app, database);
  // JSON and HTML made per request, above 1 KB; the web app's files are compressed at build time
  // (served as they are by the static plugin). Brotli at quality 4 costs about what gzip does.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  addSecurityHeaders(
    app,
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // 'wasm-unsafe-eval': the scanner reads QR codes with ZXing compiled to WebAssembly where
          // the browser has no reader of its own; it allows compiling WebAssembly, not eval.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...stripe],
          connectSrc: ["'self'", ...(paymentConfig.stripe ? ['https://api.stripe.com'] : [])],
          frameSrc: ["'self'", ...stripeFrames],
          formAction: ["'self'", ...bankHosts],
          upgradeInsecureRequests: null,
        },
      },
    },
    // The embedded shop's page: framed by the sites its organiser declared (issue 33).
    { path: EMBED_PAGE_PATH, hostsOf: (eventId) => framingHostsOf(deps, eventId) },
  );
  await app.register(cookie);
  await app.register(multipart);
  const { redis } = bus;
  // Every API route declares who may call it and its limit; the limits become rate-limit settings.
  declareRouteAccess(app, config);
  // Before every route: its hook collects them for the published contract (GET /api/openapi.json).
  await registerOpenApi(app, config);
  await app.register(rateLimit, {
    global: false,
    // Shared by the processes through Redis, a run of numbers at a time (lib/rate-limit-leases.ts).
    ...(redis && { store: leasedRedisStore(redis) }),
    // Redis gone: the limits wait for it rather than refusing every visitor.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, code: 'RATE_LIMITED' }),
  });
  await app.register(sessionPlugin, deps);
  enforceRouteAccess(app);

  // The secret the server's own signatures derive from: stable across processes and restarts.
  const ticketKey = loadTicketKeys(config).privateKey.export({ type: 'pkcs8', format: 'der' });
  // The visitors' list pages kept for two seconds are forgotten at every write this process makes.
  const listing = createEventListing({
    db: database.db,
    clock,
    cursorKey: cursorKeyFrom(ticketKey),
  });
  // onSend: before the writer reads its answer, so that its next read of the list sees its change.
  // Holds and payments change nothing a list page shows: an on-sale does not empty the cache.
  app.addHook('onSend', async (request, reply, payload) => {
    // A stopping server ends each kept-alive connection after its answer: a load balancer's next
    // request then opens a connection to a server that stays, instead of meeting this one's close.
    if (shuttingDown) reply.header('connection', 'close');
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      if (!LIST_NEUTRAL_WRITES.test(request.routeOptions.url ?? '')) listing.forget();
      const changed = changedSaleOf(request.routeOptions.url, request.params);
      if (changed) bus.publish(SALE_CHANGED_CHANNEL, changed);
    }
    return payload;
  });
  // The list, its search and the event page read from a replica when one is configured; a
  // browser that has just written reads from the primary for as long as the replica may lag.
  const reads =
    config.databaseReplicaUrl && database.kind === 'postgres'
      ? createReadReplica({
          primary: database.db,
          url: config.databaseReplicaUrl,
          poolSize: config.databasePoolSize,
          maxLagMs: config.databaseReplicaMaxLagMs,
          onError: (error, what) => app.log.warn({ err: error }, what),
        })
      : primaryOnly(database.db);
  app.addHook('onClose', () => reads.close());
  if (config.databaseReplicaUrl) markWriters(app, { maxLagMs: reads.maxLagMs, secure: config.cookieSecure });
  // Other processes forget their copies of the list when one of them reports an organiser's change.
  app.addHook(
    'onClose',
    bus.subscribe(SALE_CHANGED_CHANNEL, () => listing.forget()),
  );

  // Live availability: one LISTEN for the process, opened at its first reader. Its streams end
  // before the server waits for its connections (preClose), or a shutdown would wait for them.
  const availabilityHub = createAvailabilityHub({
    db: database.db,
    clock,
    listen: database.listen,
    minIntervalMs: options.availability?.minIntervalMs,
    maxWatchers: options.availability?.maxWatchers,
    onError: (error) => app.log.error({ err: error }, 'live availability: read failed'),
  });
  app.addHook('preClose', () => availabilityHub.close());

  // Wrong passwords counted per account and per address, shared through Redis when configured.
  const loginThrottle = createLoginThrottle({
    store: redis
      ? createRedisThrottleStore(redis, (error) => app.log.warn({ err: error }, 'login limits: Redis unreachable'))
      : createMemoryThrottleStore(),
    config,
    clock,
    key: deviceKeyFrom(ticketKey),
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, config });
      await api.register(contractRoutes);
      await api.register(authRoutes, { ...deps, loginThrottle });
      await api.register(eventRoutes, {
        ...deps,
        listing,
        reads,
        paymentProviderOf: (wanted: PaymentProviderName) => providerFor(payments, wanted),
      });
      await api.register(availabilityRoutes, {
        ...deps,
        hub: availabilityHub,
        streamLimits: options.availability?.streamLimits,
        maxPerAddress: options.availability?.maxPerAddress,
      });
      await api.register(imageRoutes, { store: images });
      await api.register(organiserRoutes, deps);
      await api.register(consoleRoutes, deps);
      await api.register(staffRoutes, deps);
      await api.register(waitingListRoutes, deps);
      await api.register(transferRoutes, deps);
      await api.register(resaleRoutes, deps);
      await api.register(ticketRulesRoutes, deps);
      await api.register(checkinRoutes, deps);
      await api.register(checkinListRoutes, deps);
      await api.register(dateRoutes, deps);
      await api.register(doorSaleRoutes, deps);
      await api.register(invitationRoutes, deps);
      await api.register(attendeeMessageRoutes, deps);
      await api.register(followUpRoutes, deps);
      await api.register(declarationsRoutes, deps);
      await api.register(addressRoutes, deps);
      await api.register(accountRoutes, deps);
      await api.register(apiTokenRoutes, deps);
      await api.register(webhookRoutes, deps);
      await api.register(waitingRoomRoutes, deps);
      await api.register(checkoutRoutes, { ...deps, payments });
      await api.register(invoiceRoutes, deps);
      await api.register(guestRoutes, deps);
      await api.register(paymentRoutes, { ...deps, payments });
      await api.register(refundRoutes, { ...deps, payments });
      await api.register(dateChangeRoutes, { ...deps, payments });
      await api.register(stripeWebhookRoutes, { ...deps, payments });
      await api.register(shareLinkRoutes, deps);
      await api.register(embedRoutes, deps);
      await api.register(participationRoutes, deps);
      await api.register(questionRoutes, deps);
      await api.register(ticketCodeRoutes, deps);
      await api.register(walletRoutes, deps);
      await api.register(appleWebServiceRoutes, deps);
      await api.register(rateRoutes);
      await api.register(shopRoutes, deps);
      await api.register(payoutRoutes, deps);
      await api.register(billingRoutes, deps);
      await api.register(payoutBatchRoutes, deps);
      await api.register(adminRoutes, {
        ...deps,
        paymentProviders: (['sandbox', 'etransactions', 'stripe'] as const).filter((name) => payments.providers[name]),
      });
      if (config.env !== 'production') {
        await api.register(devMailboxRoutes, { db: database.db, resolveAttachment });
      }
    },
    { prefix: '/api' },
  );

  if (paymentConfig.sandbox) {
    await app.register(sandboxBankRoutes, {
      prefix: '/sandbox-bank',
      bank: paymentConfig.sandbox,
      store: sandboxStore,
      fetch: options.sandboxFetch,
    });
  }
  const transport = options.mailTransport ?? createTransport(config.smtpUrl);
  const documents = { sellers: sellersFrom(config) };
  const walletPush = options.walletPush ?? createWalletPushAdapter(config.wallet);
  // A pass still running when the next is due is joined, not doubled.
  // A stopping process leaves the rest of a long pass to the others (its mail job comes back).
  const issueOwedDocuments = singleFlight(() =>
    issueMissingDocuments(database.db, documents, undefined, () => shuttingDown),
  );
  const jobs = createJobRunner({
    db: database.db,
    leaseMs: config.jobLeaseMs,
    handlers: {
      mail: async (job) => {
        const queued = await findQueuedMail(database.db, job.mailId ?? '');
        // Each place's date (an event of several dates) is written into the mail before its invoices' summary.
        const mail =
          queued && !queued.sentAt
            ? await addPlaceDatesToMail(database.db, queued).catch((error) => {
                app.log.error({ err: error, mail: queued.id }, 'dates of a mail not added');
                return queued;
              })
            : queued;
        // The tickets' numbers and the order's invoices exist before the mail that carries them.
        // Should that fail, the tickets still go out, and the periodic issuing tries again.
        if (mail && !mail.sentAt) {
          // What a rush left owed is issued before its mails' PDFs take the process's time: the
          // documents of 500 orders are then ready in seconds, not one mail after the other.
          await issueOwedDocuments('all').catch((error) =>
            app.log.error({ err: error, mail: mail.id }, 'owed documents not issued'),
          );
          await issueDocumentsOfMail(database.db, mail, documents).catch((error) =>
            app.log.error({ err: error, mail: mail.id }, 'documents of a mail not issued'),
          );
          await attachCreditNotesOfMail(database.db, mail, documents).catch((error) =>
            app.log.error({ err: error, mail: mail.id }, 'credit notes of a mail not issued'),
          );
        }
        await deliverMail(database.db, job.mailId ?? '', {
          transport,
          from: config.mailFrom,
          resolveAttachment,
        });
      },
      // Each refund's credit notes once its money is back, after its own transaction: should they
      // fail, the job comes back (the refund itself is not made twice), then the periodic issuing.
      refund: async (job) => {
        await retryRefund(deps, payments, job);
        const capture = { provider: job.provider ?? '', transactionId: job.transactionId ?? '' };
        await issueLateCaptureCreditNotes(database.db, capture, documents);
      },
      ticket_refund: async (job) => {
        const status = await carryOutRefund({ ...deps, payments }, job.refundId ?? '');
        if (status === 'refunded') await issueRefundCreditNotes(database.db, job.refundId ?? '', documents);
      },
      event_cancellation: async (job) => {
        try {
          await runCancellation({ ...deps, payments }, job.eventId ?? '');
        } finally {
          await issueEventCreditNotes(database.db, job.eventId ?? '', documents);
        }
      },
      wallet_push: (job) => pushWalletPassChange(deps, walletPush, job.participationId ?? ''),
      waiting_list_offer: async (job) => {
        await offerPlacesBack({ ...deps, payments }, job.eventId ?? '');
      },
      attendee_message: async (job) => {
        await sendNextBatch(deps, job.messageId ?? '');
      },
      webhook_event: (job) => fanOutWebhookEvent(deps, job),
      webhook: (job, row) => deliverWebhook(deps, job, row.attempts),
      // A resold ticket sold again: the seller's place ends and their refund is queued (docs/decisions.md, "Resale").
      resale_sell: (job) => sellResoldPlaces(deps, job.participationId ?? ''),
    },
    // Webhooks answer integrators within seconds of a payment, even while a rush's mails and their
    // PDFs keep the other loop busy for minutes.
    lanes: [[...WEBHOOK_JOB_KINDS]],
    onError: (error, job) => app.log.error({ err: error, job: job?.id, kind: job?.kind }, 'background job failed'),
    onEnded: (job, reason) =>
      app.log.warn({ job: job.id, kind: job.kind, reason }, 'background job ended: subject gone'),
    every: [
      { name: 'reclaim expired holds', everyMs: 60_000, run: () => reclaimEveryExpiredHold(database.db, clock.now()) },
      // An offer of the waiting list unused by its deadline passes to the next people in line.
      { name: 'expire waiting list offers', everyMs: 60_000, run: () => expireWaitingListOffers(deps) },
      // Often: a rush's mails queue behind each other's PDFs, its invoices need not wait for them.
      { name: 'issue owed documents', everyMs: 5_000, run: () => issueOwedDocuments('all') },
      { name: 'forget old embedded bookings', everyMs: 3_600_000, run: () => forgetOldEmbedBookings(deps) },
      { name: 'forget old webhook attempts', everyMs: 3_600_000, run: () => forgetOldWebhookAttempts(deps) },
      // The statistics' rows of connections gone, folded: a read adds up about one row per connection.
      { name: 'fold kept statistics', everyMs: 3_600_000, run: () => foldKeptStatistics(database.db) },
    ],
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  if (options.startJobs) app.addHook('onReady', async () => jobs.start());

  await app.register(siteFileRoutes, deps);
  await app.register(embedScriptRoutes);
  await serveWebApp(
    app,
    options.serveWeb ? (config.webDist ?? defaultWebDist) : null,
    async (request) =>
      embedPageHead(request.url) ??
      (await showcasePageHead(deps, request.url)) ??
      pageHead({ ...deps, listing, reads }, request),
  );
  if (options.seedDemo) {
    const demo = await seedDemoData(database.db);
    if (demo) {
      await seedDemoSales({ ...deps, payments, sales: createSaleCache() }, demo);
      await seedDemoQuoteRequest(deps);
      await seedDemoBanners(database.db, images);
      app.log.info('demo data seeded');
    }
  }
  return app;
}
