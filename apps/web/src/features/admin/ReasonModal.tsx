import { adminFr, firstReasonError, REASON_MAX_LENGTH } from '@guichet/shared';
import { PromptDialog } from '../../ui/PromptDialog';

const m = adminFr.common;

/** Asks for the reason of a refusal (verification, payout), then confirms. */
export function ReasonModal(props: {
  title: string;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  return (
    <PromptDialog
      {...props}
      label={m.reason}
      multiline
      maxLength={REASON_MAX_LENGTH}
      check={firstReasonError}
      color="red.8"
    />
  );
}
