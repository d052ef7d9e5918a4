import { accountFr } from '@guichet/shared';

/** What a list of another person's page says when their profile is private (403) or gone (404). */
export const profileNotices = { 403: accountFr.organizer.privateProfile, 404: accountFr.organizer.notFound };
