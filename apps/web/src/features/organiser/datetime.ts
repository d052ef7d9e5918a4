/** `<input type="datetime-local">` speaks the browser's local time; the API speaks ISO instants. */
export function toLocalInput(iso: string | null | undefined, withSeconds = false): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, withSeconds ? 19 : 16);
}

export function fromLocalInput(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}
