/** Where the console's 'Ajouter une place' leaves the event to sell, for /addParticipationManual (2-organiser.md §2). */
export const MANUAL_EVENT_KEY = 'eventId';
