/**
 * The web app's pages as the server must know them: a path that none of them matches is answered
 * 404 (a search engine must not index a "soft 404", a 200 page that says not found), and the
 * sitemap lists those a search engine should read. The router (apps/web/src/app/router.tsx)
 * declares the same paths; a test holds the two together.
 */
export const SITE_PAGES = [
  { path: '/', inSitemap: true },
  { path: '/billetterie', inSitemap: true },
  { path: '/billetterie/:eventId', inSitemap: false },
  // An event's shop inside an organiser's site (issue 33): framed there, never indexed.
  { path: '/embed/billetterie/:eventId', inSitemap: false },
  { path: '/connexion', inSitemap: false },
  { path: '/inscription', inSitemap: false },
  { path: '/forgottenpassword', inSitemap: false },
  { path: '/changepassword', inSitemap: false },
  { path: '/profil', inSitemap: false },
  { path: '/termsAndConditions', inSitemap: true },
  { path: '/privacyPolicy', inSitemap: true },
  { path: '/about', inSitemap: true },
  { path: '/myTickets', inSitemap: false },
  { path: '/parameters', inSitemap: false },
  { path: '/profileOrganizer/:userId', inSitemap: false },
  { path: '/follows/:type/:userId', inSitemap: false },
  { path: '/eventsHistorique/:type/:userId', inSitemap: false },
  { path: '/contact', inSitemap: true },
  { path: '/tarifs', inSitemap: true },
  { path: '/services', inSitemap: true },
  { path: '/servicesDetails/:slug', inSitemap: false },
  { path: '/shoppingCart', inSitemap: false },
  { path: '/devenirPartenaire', inSitemap: true },
  { path: '/admin/devis', inSitemap: false },
  { path: '/admin', inSitemap: false },
  { path: '/admin/verifications', inSitemap: false },
  { path: '/admin/utilisateurs', inSitemap: false },
  { path: '/admin/evenements', inSitemap: false },
  { path: '/admin/virements', inSitemap: false },
  { path: '/admin/remboursements', inSitemap: false },
  { path: '/admin/messages', inSitemap: false },
  { path: '/admin/envois', inSitemap: false },
  { path: '/admin/journal', inSitemap: false },
  { path: '/createevents', inSitemap: false },
  { path: '/editevents/:eventId', inSitemap: false },
  { path: '/validationpaiement/:status', inSitemap: false },
  { path: '/liste-attente/:token', inSitemap: false },
  { path: '/transfert/:token', inSitemap: false },
  { path: '/dev/mail', inSitemap: false },
  { path: '/addParticipationManual', inSitemap: false },
  { path: '/scan', inSitemap: false },
  { path: '/scan/:eventId', inSitemap: false },
  { path: '/event_management', inSitemap: false },
  { path: '/eventsGestion', inSitemap: false },
] as const;

/** A page path as a pattern: each `:name` is one segment; a trailing slash is the same page. */
const patterns = SITE_PAGES.map(
  (page) => new RegExp(`^${page.path.replace(/:[A-Za-z]+/g, '[^/]+').replace(/\/$/, '')}/?$`),
);

/** Whether a path (without its query) is one of the web app's pages. */
export function isSitePage(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}
