import { discoveryFr, fr, transfersFr } from '@guichet/shared';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { Loading } from '../ui/Loading';
import { Layout } from './Layout';
import type { RouteHandle } from './route-handle';

type PageModule = { default: React.ComponentType };

const t = discoveryFr.titles;
/** A route's title for the browser tab (app/Layout.tsx); pages with a title of their own set it themselves. */
const titled = (title: string): RouteHandle => ({ title });
const byPage: RouteHandle = { titledByPage: true };

/** Each page is its own chunk: the first page loads only what it shows. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // Shown while the first page's own chunk loads (the router renders nothing before it).
    hydrateFallbackElement: <Loading />,
    children: [
      { path: '/', handle: titled(t.home), ...page(() => import('../pages/home/HomePage')) },
      { path: '/billetterie', handle: titled(t.list), ...page(() => import('../pages/billetterie/EventListPage')) },
      { path: '/billetterie/:eventId', handle: byPage, ...page(() => import('../pages/event/EventPage')) },
      { path: '/connexion', handle: titled(t.login), ...page(() => import('../pages/connexion/LoginPage')) },
      { path: '/inscription', handle: titled(t.register), ...page(() => import('../pages/inscription/RegisterPage')) },
      {
        path: '/forgottenpassword',
        handle: titled(t.forgottenPassword),
        ...page(() => import('../pages/forgotten-password/ForgottenPasswordPage')),
      },
      {
        path: '/changepassword',
        handle: titled(t.changePassword),
        ...page(() => import('../pages/change-password/ChangePasswordPage')),
      },
      { path: '/profil', handle: titled(t.profile), ...page(() => import('../pages/profil/ProfilePage')) },
      { path: '/termsAndConditions', handle: titled(t.terms), ...page(() => import('../pages/legal/TermsPage')) },
      { path: '/privacyPolicy', handle: titled(t.privacy), ...page(() => import('../pages/legal/PrivacyPage')) },
      { path: '/about', handle: titled(t.about), ...page(() => import('../pages/about/AboutPage')) },
      { path: '/myTickets', handle: titled(t.myTickets), ...page(() => import('../pages/my-tickets/MyTicketsPage')) },
      { path: '/parameters', handle: titled(t.settings), ...page(() => import('../pages/parameters/ParametersPage')) },
      {
        path: '/profileOrganizer/:userId',
        handle: titled(t.organizerProfile),
        ...page(() => import('../pages/profile-organizer/OrganizerProfilePage')),
      },
      {
        path: '/follows/:type/:userId',
        handle: titled(t.follows),
        ...page(() => import('../pages/follows/FollowsPage')),
      },
      {
        path: '/eventsHistorique/:type/:userId',
        handle: titled(t.history),
        ...page(() => import('../pages/events-historique/HistoryPage')),
      },
      { path: '/contact', handle: titled(t.contact), ...page(() => import('../pages/contact/ContactPage')) },
      { path: '/tarifs', handle: titled(t.rates), ...page(() => import('../pages/tarifs/RatesPage')) },
      { path: '/services', handle: titled(t.services), ...page(() => import('../pages/services/ServicesPage')) },
      {
        path: '/servicesDetails/:slug',
        handle: byPage,
        ...page(() => import('../pages/services-details/ServiceDetailsPage')),
      },
      {
        path: '/shoppingCart',
        handle: titled(t.cart),
        ...page(() => import('../pages/shopping-cart/ShoppingCartPage')),
      },
      {
        path: '/devenirPartenaire',
        handle: titled(t.partner),
        ...page(() => import('../pages/devenir-partenaire/PartnerPage')),
      },
      {
        path: '/admin/devis',
        handle: titled(t.quoteRequests),
        ...page(() => import('../pages/admin-devis/QuoteRequestsPage')),
      },
      {
        // The administrator's back office: one page per section (features/admin/sections.ts).
        path: '/admin',
        // The menu's own words for it: the back office's texts stay in its chunks, out of every first visit.
        handle: titled(fr.shell.navAdminDashboard),
        ...page(() => import('../pages/admin/AdminLayout')),
        children: [
          { index: true, ...page(() => import('../pages/admin/AdminHomePage')) },
          { path: 'verifications', ...page(() => import('../pages/admin/VerificationsPage')) },
          { path: 'utilisateurs', ...page(() => import('../pages/admin/UsersPage')) },
          { path: 'evenements', ...page(() => import('../pages/admin/EventsPage')) },
          { path: 'virements', ...page(() => import('../pages/admin/PayoutsPage')) },
          { path: 'remboursements', ...page(() => import('../pages/admin/RefundsPage')) },
          { path: 'messages', ...page(() => import('../pages/admin/MessagesPage')) },
          { path: 'envois', ...page(() => import('../pages/admin/AttendeeMessagesPage')) },
          { path: 'journal', ...page(() => import('../pages/admin/AuditPage')) },
        ],
      },
      {
        path: '/createevents',
        handle: titled(t.createEvent),
        ...page(() => import('../pages/create-events/CreateEventPage')),
      },
      {
        path: '/editevents/:eventId',
        handle: titled(t.editEvent),
        ...page(() => import('../pages/edit-events/EditEventPage')),
      },
      {
        path: '/validationpaiement/:status',
        handle: titled(t.payment),
        ...page(() => import('../pages/validation-paiement/PaymentResultPage')),
      },
      {
        path: '/liste-attente/:token',
        handle: titled(t.waitingListOffer),
        ...page(() => import('../pages/liste-attente/OfferPage')),
      },
      {
        path: '/transfert/:token',
        handle: titled(transfersFr.accept.pageTitle),
        ...page(() => import('../pages/transfert/TransferPage')),
      },
      { path: '/dev/mail', handle: titled(t.devMail), ...page(() => import('../pages/dev-mail/DevMailPage')) },
      {
        path: '/addParticipationManual',
        handle: byPage,
        ...page(() => import('../pages/add-participation-manual/ManualAddPage')),
      },
      { path: '*', handle: titled(t.notFound), ...page(() => import('../pages/not-found/NotFoundPage')) },
    ],
  },
  // The organiser console opens in its own tab, without the common header and footer.
  // The check-in scanner: full screen on the phones at the door, installable, working offline.
  // An event's shop framed by an organiser's site: no header or footer of ours around it.
  {
    path: '/embed/billetterie/:eventId',
    hydrateFallbackElement: <Loading />,
    ...page(() => import('../pages/embed/EmbedShopPage')),
  },
  { path: '/scan', hydrateFallbackElement: <Loading />, ...page(() => import('../pages/scan/ScanPage')) },
  { path: '/scan/:eventId', hydrateFallbackElement: <Loading />, ...page(() => import('../pages/scan/ScanPage')) },
  {
    path: '/event_management',
    hydrateFallbackElement: <Loading />,
    ...page(() => import('../pages/event-management/ConsolePage')),
  },
  // 2-organiser.md §2 lists /eventsGestion without its content: the management of one's events is
  // the console, so an old link lands there, its ?event= kept (docs/decisions.md, issue 26).
  { path: '/eventsGestion', Component: ToConsole },
];

function ToConsole() {
  const { search } = useLocation();
  return <Navigate to={`/event_management${search}`} replace />;
}

export const router = createBrowserRouter(routes);
