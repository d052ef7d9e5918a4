import { fr } from '@guichet/shared';
import { Button, Group, Stack, Title } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef } from 'react';

/** What the panel hands each step that has one before it: whether it takes the focus, and the way back. */
export type StepPlace = { focus: boolean; onBack: () => void };

/**
 * One checkout step: a heading that takes the focus when the step changes (so that screen readers
 * and keyboards follow), inside a form unless the step holds a form of its own (the bank's).
 */
export function StepForm({
  title,
  focus,
  onSubmit,
  children,
}: {
  title: string;
  focus: boolean;
  /** Without it, the step is a section: the payment step posts its own form to the bank. */
  onSubmit?: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const content = (
    <Stack gap="md">
      <Title order={3} size="h4" id={headingId} ref={heading} tabIndex={-1} style={{ outlineOffset: 4 }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
  if (!onSubmit) return <section aria-labelledby={headingId}>{content}</section>;
  return (
    <form
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {content}
    </form>
  );
}

/** 'Précédent' goes back one step; the main button submits the step's form. */
export function StepButtons({
  onBack,
  submitLabel = fr.common.next,
  loading,
}: {
  onBack?: () => void;
  submitLabel?: string;
  loading?: boolean;
}) {
  return (
    <Group justify="space-between">
      {onBack ? (
        <Button variant="default" onClick={onBack}>
          {fr.common.previous}
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}
