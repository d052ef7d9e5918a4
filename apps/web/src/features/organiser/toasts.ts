import { organiserFr } from '@guichet/shared';
import { notifications } from '@mantine/notifications';

export const toastSuccess = (message: string) => notifications.show({ message, color: 'teal' });

/** The spec's failure toast: "Une erreur s'est produite: {error}." */
export const toastFailure = (error: Error) =>
  notifications.show({ message: organiserFr.edit.failedToast(error.message), color: 'red' });

export const toastError = (message: string) => notifications.show({ message, color: 'red' });
