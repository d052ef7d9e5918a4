import type { FollowListType, HistoryType } from '@guichet/shared';
import { fr } from '@guichet/shared';

/** The spec's routes of the follow lists and history lists. */
export const followListPath = (type: FollowListType, userId: string) => `/follows/${type}/${userId}`;

export const historyPath = (type: HistoryType, userId: string) =>
  `/eventsHistorique/${type === 'past' ? fr.account.history.past : fr.account.history.organized}/${userId}`;

export const organizerProfilePath = (userId: string) => `/profileOrganizer/${userId}`;
