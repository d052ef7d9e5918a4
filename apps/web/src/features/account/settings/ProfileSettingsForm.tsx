import {
  DESCRIPTION_MAX,
  firstProfileSettingsError,
  fr,
  genders,
  type MyProfile,
  type ProfileSettings,
} from '@guichet/shared';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useSaveProfile } from '../../../api/account';
import { ApiError } from '../../../api/client';
import { toast } from '../toast';
import { EmailChangeCode } from './EmailChangeCode';
import { SettingsSection } from './SettingsSection';

const m = fr.account.settings;

const valuesOf = (profile: MyProfile): ProfileSettings => ({
  email: profile.email,
  firstName: profile.firstName,
  lastName: profile.lastName,
  birthDate: profile.birthDate,
  gender: profile.gender,
  description: profile.description,
});

export function ProfileSettingsForm({ profile }: { profile: MyProfile }) {
  const save = useSaveProfile();
  // Refetches (after a save, on focus) refresh the form without losing what is being typed.
  const form = useForm<ProfileSettings>({ values: valuesOf(profile), resetOptions: { keepDirtyValues: true } });
  const { errors } = form.formState;
  const description = form.watch('description') ?? '';

  const submit = form.handleSubmit((values) => {
    const error = firstProfileSettingsError(values);
    if (error) {
      form.setError(error.field, { message: error.message }, { shouldFocus: true });
      return;
    }
    save.mutate(values, {
      onSuccess: (result) => {
        toast(result.message);
        // Back to the saved values: a new e-mail shows as pending below, not as the current one.
        form.reset();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.field && failure.field in values) {
          form.setError(failure.field as keyof ProfileSettings, { message: failure.message });
        }
      },
    });
  });

  const firstError = Object.values(errors)[0]?.message ?? save.error?.message;

  return (
    <SettingsSection title={m.profileSection}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={m.email}
            type="email"
            autoComplete="email"
            withAsterisk
            error={errors.email?.message}
            {...form.register('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={m.firstName}
              autoComplete="given-name"
              withAsterisk
              maxLength={50}
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextInput
              label={m.lastName}
              autoComplete="family-name"
              withAsterisk
              maxLength={50}
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
            <TextInput
              label={m.birthDate}
              type="date"
              autoComplete="bday"
              withAsterisk
              error={errors.birthDate?.message}
              {...form.register('birthDate')}
            />
            <NativeSelect
              label={m.gender}
              data={genders.map((value) => ({ value, label: m.genders[value] }))}
              error={errors.gender?.message}
              {...form.register('gender')}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Textarea
              label={m.description}
              autosize
              minRows={3}
              maxLength={DESCRIPTION_MAX}
              error={errors.description?.message}
              {...form.register('description')}
            />
            <Text size="xs" c="dimmed" ta="right" aria-live="polite">
              {m.descriptionCounter(description.length, DESCRIPTION_MAX)}
            </Text>
          </Stack>
          {firstError && (
            <Alert color="red" role="alert">
              {firstError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {m.saveProfile}
            </Button>
          </Group>
        </Stack>
      </form>
      {profile.pendingEmail && <EmailChangeCode pendingEmail={profile.pendingEmail} />}
    </SettingsSection>
  );
}
