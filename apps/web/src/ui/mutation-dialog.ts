import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from './toast';

/**
 * A dialog that runs one mutation (ConfirmDialog, PromptDialog): `props` are its pending state,
 * the server's refusal and a close that forgets that refusal for the next opening; `send` runs
 * the mutation, then says `done` and closes once the server agrees.
 */
export function mutationDialog<R, V>(mutation: UseMutationResult<R, Error, V>, close: () => void) {
  const onClose = () => {
    mutation.reset();
    close();
  };
  return {
    props: { pending: mutation.isPending, error: mutation.error?.message ?? null, onClose },
    send: (variables: V, done: string | ((result: R) => string)) =>
      mutation.mutate(variables, {
        onSuccess: (result) => {
          toast(typeof done === 'string' ? done : done(result));
          onClose();
        },
      }),
  };
}
