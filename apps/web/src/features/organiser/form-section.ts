/**
 * What a section of the event forms receives: the form's values it shows, the setter of the
 * form, and the message a field has (the server's or a rule's).
 */
export type FormSectionProps<V> = {
  values: V;
  set: (changes: Partial<V>) => void;
  fieldError: (field: string) => string | undefined;
};
