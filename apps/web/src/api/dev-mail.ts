import { fr } from '@guichet/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api } from './client';

export type DevMailAttachment = { kind: keyof typeof fr.mail.devMailboxAttachment; url: string };
export type DevMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  attachments: DevMailAttachment[];
  /** The RFC 822 message as SMTP would have sent it, once the message went out. */
  rawUrl: string | null;
  createdAt: string;
};

export const devMailKeys = {
  list: (to: string) => ['dev-mail', to] as const,
  raw: (id: string) => ['dev-mail', 'raw', id] as const,
};

/** The development mailbox, newest first, looked at again every few seconds. */
export function useDevMailbox(to: string) {
  return useQuery({
    queryKey: devMailKeys.list(to),
    queryFn: () => api<DevMail[]>('GET', `/dev/mail${to ? `?to=${encodeURIComponent(to)}` : ''}`),
    refetchInterval: 3000,
    // Typing a recipient keeps the list, and the message open in it, until the filtered one arrives.
    placeholderData: keepPreviousData,
  });
}

/** A message's raw form, as text: read only when asked for (a confirmation weighs its PDFs). */
export function useRawMail(mail: Pick<DevMail, 'id' | 'rawUrl'>, enabled: boolean) {
  return useQuery({
    queryKey: devMailKeys.raw(mail.id),
    enabled: enabled && mail.rawUrl !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const response = await fetch(mail.rawUrl ?? '', { credentials: 'same-origin' }).catch(() => null);
      if (!response) throw new ApiError(0, 'NETWORK_ERROR', fr.common.serviceUnavailable);
      if (!response.ok) throw new ApiError(response.status, 'RAW_MAIL_NOT_FOUND', fr.mail.devMailboxRawMissing);
      return response.text();
    },
  });
}
