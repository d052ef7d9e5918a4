import type { FollowListType, HistoryType } from '@guichet/shared';
import { accountFr } from '@guichet/shared';

/** The spec's routes of the follow lists and history lists. */
export const followListPath = (type: FollowListType, userId: string) => `/follows/${type}/${userId}`;

export const historyPath = (type: HistoryType, userId: string) =>
  `/eventsHistorique/${type === 'past' ? accountFr.history.past : accountFr.history.organized}/${userId}`;

export const organizerProfilePath = (userId: string) => `/profileOrganizer/${userId}`;
