import { formatDateTime } from '@guichet/shared';
import { isUuid } from '../../lib/ids';
import type { PagePreview } from '../../plugins/web';
import { type EventDeps, getEvent } from './service';

const EVENT_PAGE = /^\/billetterie\/([0-9a-fA-F-]{36})\/?$/;

/**
 * The link preview of /billetterie/{id}: its title, when and where, and its banner, as a visitor
 * may see it (a private event has none: its page says nothing to a crawler).
 */
export async function eventPagePreview(deps: EventDeps, pagePath: string): Promise<PagePreview | null> {
  const id = EVENT_PAGE.exec(pagePath)?.[1];
  if (!id || !isUuid(id)) return null;
  try {
    const event = await getEvent(deps, id, null);
    const origin = deps.config.publicUrl;
    const where = [event.city ?? event.address].filter(Boolean).join('');
    return {
      title: `${event.title} · ${deps.config.brandName}`,
      description: [formatDateTime(event.dateBegin), where, event.organizerName].filter(Boolean).join(' · '),
      imageUrl: event.bannerUrl ? `${origin}${event.bannerUrl}` : null,
      url: `${origin}/billetterie/${event.id}`,
    };
  } catch {
    return null;
  }
}
