/** The organiser side (2-organiser.md): event authoring, console, promo codes. Part of `fr`. */
export const organiserFr = {} as const;
