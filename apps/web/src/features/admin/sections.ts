import { adminFr } from '@guichet/shared';

/**
 * The back office's sections, in the order of its navigation. A new page under /admin is one
 * more entry here (and its route in app/router.tsx).
 */
export const adminSections: { to: string; label: string; end?: boolean }[] = [
  { to: '/admin', label: adminFr.nav.home, end: true },
  { to: '/admin/verifications', label: adminFr.nav.verifications },
  { to: '/admin/utilisateurs', label: adminFr.nav.users },
  { to: '/admin/evenements', label: adminFr.nav.events },
  { to: '/admin/virements', label: adminFr.nav.payouts },
  { to: '/admin/remboursements', label: adminFr.nav.refunds },
  { to: '/admin/messages', label: adminFr.nav.messages },
  { to: '/admin/envois', label: adminFr.nav.attendeeMessages },
  { to: '/admin/journal', label: adminFr.nav.audit },
];
