import { fr } from '@guichet/shared';
import { notifications } from '@mantine/notifications';

/** A toast whose close button has a name (axe: button-name). */
export function toast(message: string, tone: 'success' | 'error' = 'success'): void {
  notifications.show({
    message,
    color: tone === 'success' ? 'teal' : 'red',
    closeButtonProps: { 'aria-label': fr.common.close },
  });
}
