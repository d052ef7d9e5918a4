import { fr } from '@guichet/shared';
import { notifications } from '@mantine/notifications';

/**
 * The one way to show a toast: its close button has a name (axe: button-name), and a fixed `id`
 * shows it once even when the code that calls it runs twice (an effect under StrictMode).
 */
export function toast(message: string, tone: 'success' | 'error' = 'success', id?: string): void {
  notifications.show({
    id,
    message,
    color: tone === 'success' ? 'teal' : 'red',
    closeButtonProps: { 'aria-label': fr.common.close },
  });
}
