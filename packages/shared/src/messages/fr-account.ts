/** The attendee's account (1-attendee.md): profile, settings, follows, history, contact. Part of `fr`. */
export const accountFr = {} as const;
