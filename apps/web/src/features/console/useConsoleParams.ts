import { useSearchParams } from 'react-router';
import { type ConsoleTab, isConsoleTab } from './ConsoleTabs';

/**
 * The console's selection lives in the address (?event=, ?organizer=, ?tab=), so that the event
 * page's 'Gestion' link (/event_management?event={id}) opens on that event and a reload keeps it.
 */
export function useConsoleParams() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  return {
    eventId: params.get('event'),
    organizerId: params.get('organizer'),
    tab: isConsoleTab(tab) ? tab : ('stats' as ConsoleTab),
    selectEvent: (eventId: string) => update({ event: eventId }),
    selectOrganizer: (organizerId: string | null) => update({ organizer: organizerId, event: null }),
    selectTab: (next: ConsoleTab) => update({ tab: next }),
    /** After a deletion: the console stays, on no event. */
    clearEvent: () => update({ event: null, tab: null }),
  };
}
