import { organiserFr } from '@guichet/shared';
import { toast } from '../../ui/toast';

/** The spec's failure toast: "Une erreur s'est produite: {error}." */
export const toastFailure = (error: Error) => toast(organiserFr.edit.failedToast(error.message), 'error');
