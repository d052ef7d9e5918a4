/** French plural of a count: one (and zero) take the singular. */
export const plural = (count: number, singular: string, several: string) => (count > 1 ? several : singular);
