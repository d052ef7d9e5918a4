import { Textarea, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

type PromptProps = {
  opened?: boolean;
  title: string;
  /** What the dialog says above its field. */
  intro?: ReactNode;
  label: string;
  description?: string;
  placeholder?: string;
  /** A reason or a message: several lines. */
  multiline?: boolean;
  type?: 'text' | 'email';
  /** Marked required (an asterisk): a reason or a reference is; an e-mail to look up is just asked. */
  required?: boolean;
  maxLength: number;
  /** The first problem of what was typed, in French, or null. */
  check: (value: string) => string | null;
  confirmLabel?: string;
  cancelLabel?: string;
  color?: string;
  size?: 'md' | 'lg';
  pending: boolean;
  /** The server's refusal, said under the field. */
  error: string | null;
  onConfirm: (value: string) => void;
  onClose: () => void;
};

/**
 * A confirmation that needs one text first (a refusal's reason, a bank reference, an e-mail):
 * checked here, then confirmed trimmed. Each opening starts empty.
 */
export function PromptDialog({ opened = true, ...props }: PromptProps) {
  // A new form at each opening, so that a closed dialog forgets what was typed.
  const [openings, setOpenings] = useState(0);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setOpenings(openings + 1);
  }
  return <PromptForm key={openings} {...props} opened={opened} />;
}

function PromptForm({
  intro,
  label,
  description,
  placeholder,
  multiline = false,
  type = 'text',
  required = true,
  maxLength,
  check,
  error,
  onConfirm,
  ...dialog
}: PromptProps) {
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const change = (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValue(event.currentTarget.value);
    setInvalid(null);
  };
  const field = { label, description, placeholder, value, maxLength, required, onChange: change };
  // The field's own problem first, else the server's refusal.
  const shown = { error: invalid ?? error, 'data-autofocus': true };
  return (
    <ConfirmDialog
      {...dialog}
      onConfirm={() => {
        const problem = check(value);
        setInvalid(problem);
        if (!problem) onConfirm(value.trim());
      }}
    >
      {intro}
      {multiline ? (
        <Textarea {...field} {...shown} autosize minRows={3} />
      ) : (
        <TextInput {...field} {...shown} type={type} autoComplete="off" />
      )}
    </ConfirmDialog>
  );
}
