import {
  accountFr,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  type ContactRequest,
  contactSubjects,
  firstContactError,
  type SessionUser,
} from '@guichet/shared';
import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSendContact } from '../../api/account';
import { CountedTextarea } from '../../ui/CountedTextarea';
import { FormActions } from '../../ui/FormActions';
import { showRuleError, showServerFieldError } from '../../ui/form-errors';
import { toast } from '../../ui/toast';
import { clearBecomePartnerFlag, hasBecomePartnerFlag } from './partner-flag';

const m = accountFr.contact;

const emptyFor = (user: SessionUser | null, partner: boolean): ContactRequest => ({
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  email: user?.email ?? '',
  subject: partner ? 'partnership' : '',
  message: '',
});

export function ContactForm({ user }: { user: SessionUser | null }) {
  const [partner] = useState(hasBecomePartnerFlag);
  const send = useSendContact();
  const form = useForm<ContactRequest>({ defaultValues: emptyFor(user, partner) });
  const { errors } = form.formState;
  const message = form.watch('message') ?? '';

  const submit = form.handleSubmit((values) => {
    if (showRuleError(form, firstContactError(values))) return;
    send.mutate(values, {
      onSuccess: (result) => {
        toast(result.message);
        clearBecomePartnerFlag();
        form.reset(emptyFor(null, false));
      },
      onError: (failure) => showServerFieldError(form, failure, values),
    });
  });

  const firstError = Object.values(errors)[0]?.message ?? send.error?.message;
  // Who writes: each required, as long as the message's sender may be.
  const senderField = (field: 'firstName' | 'lastName' | 'email') => ({
    withAsterisk: true,
    maxLength: CONTACT_NAME_MAX,
    error: errors[field]?.message,
    ...form.register(field),
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={m.firstName} autoComplete="given-name" {...senderField('firstName')} />
          <TextInput label={m.lastName} autoComplete="family-name" {...senderField('lastName')} />
        </SimpleGrid>
        <TextInput label={m.email} type="email" autoComplete="email" {...senderField('email')} />
        <NativeSelect
          label={m.subject}
          withAsterisk
          data={[
            { value: '', label: m.subjectPlaceholder },
            ...contactSubjects.map((value) => ({ value, label: m.subjects[value] })),
          ]}
          error={errors.subject?.message}
          {...form.register('subject')}
        />
        <CountedTextarea
          label={m.message}
          withAsterisk
          minRows={5}
          maxLength={CONTACT_MESSAGE_MAX}
          counter={m.messageCounter(message.length, CONTACT_MESSAGE_MAX)}
          error={errors.message?.message}
          {...form.register('message')}
        />
        <FormActions error={firstError} submitLabel={m.send} pending={send.isPending} />
      </Stack>
    </form>
  );
}
