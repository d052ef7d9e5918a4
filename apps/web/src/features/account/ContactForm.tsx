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
import { ApiError } from '../../api/client';
import { CountedTextarea } from '../../ui/CountedTextarea';
import { FormActions } from '../../ui/FormActions';
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
    const error = firstContactError(values);
    if (error) {
      form.setError(error.field, { message: error.message }, { shouldFocus: true });
      return;
    }
    send.mutate(values, {
      onSuccess: (result) => {
        toast(result.message);
        clearBecomePartnerFlag();
        form.reset(emptyFor(null, false));
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.field && failure.field in values) {
          form.setError(failure.field as keyof ContactRequest, { message: failure.message });
        }
      },
    });
  });

  const firstError = Object.values(errors)[0]?.message ?? send.error?.message;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={m.firstName}
            autoComplete="given-name"
            withAsterisk
            maxLength={CONTACT_NAME_MAX}
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextInput
            label={m.lastName}
            autoComplete="family-name"
            withAsterisk
            maxLength={CONTACT_NAME_MAX}
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label={m.email}
          type="email"
          autoComplete="email"
          withAsterisk
          maxLength={CONTACT_NAME_MAX}
          error={errors.email?.message}
          {...form.register('email')}
        />
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
