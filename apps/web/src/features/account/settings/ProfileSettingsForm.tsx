import {
  accountFr,
  DESCRIPTION_MAX,
  firstProfileSettingsError,
  genders,
  type MyProfile,
  normalizeEmail,
  type ProfileSettings,
} from '@guichet/shared';
import { NativeSelect, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useSaveProfile } from '../../../api/account';
import { CountedTextarea } from '../../../ui/CountedTextarea';
import { FormActions } from '../../../ui/FormActions';
import { showRuleError, showServerFieldError } from '../../../ui/form-errors';
import { toast } from '../../../ui/toast';
import { EmailField } from '../../auth/EmailField';
import { IdentityFields } from '../../auth/IdentityFields';
import { EmailChangeCode } from './EmailChangeCode';
import { SettingsSection } from './SettingsSection';

const m = accountFr.settings;

const valuesOf = (profile: MyProfile): ProfileSettings => ({
  email: profile.email,
  currentPassword: '',
  firstName: profile.firstName,
  lastName: profile.lastName,
  birthDate: profile.birthDate,
  gender: profile.gender,
  description: profile.description,
});

/**
 * The form starts afresh from the server's values whenever they change (a save, a pending
 * e-mail), so the e-mail field always shows the current address; background refetches that
 * change nothing keep what is being typed.
 */
export function ProfileSettingsForm({ profile }: { profile: MyProfile }) {
  return <ProfileForm key={JSON.stringify([valuesOf(profile), profile.pendingEmail])} profile={profile} />;
}

function ProfileForm({ profile }: { profile: MyProfile }) {
  const save = useSaveProfile();
  const form = useForm<ProfileSettings>({ defaultValues: valuesOf(profile) });
  const { errors } = form.formState;
  const description = form.watch('description') ?? '';
  // A new address hands the account over: the current password is asked for it (issue 15).
  const changesEmail = normalizeEmail(form.watch('email') ?? '') !== profile.email;

  const submit = form.handleSubmit((values) => {
    if (showRuleError(form, firstProfileSettingsError(values))) return;
    // Not mutate's callbacks: a successful save remounts this form before they would run.
    save
      .mutateAsync(values)
      .then((result) => toast(result.message))
      .catch((failure: Error) => showServerFieldError(form, failure, values));
  });

  const firstError = Object.values(errors)[0]?.message ?? save.error?.message;

  return (
    <SettingsSection title={m.profileSection}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <EmailField label={m.email} error={errors.email?.message} {...form.register('email')} />
          {changesEmail && (
            <PasswordInput
              label={m.currentPassword}
              description={m.currentPasswordHelp}
              autoComplete="current-password"
              withAsterisk
              error={errors.currentPassword?.message}
              {...form.register('currentPassword')}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <IdentityFields
              labels={m}
              firstName={{ error: errors.firstName?.message, ...form.register('firstName') }}
              lastName={{ error: errors.lastName?.message, ...form.register('lastName') }}
              birthDate={{ error: errors.birthDate?.message, ...form.register('birthDate') }}
            />
            <NativeSelect
              label={m.gender}
              data={genders.map((value) => ({ value, label: m.genders[value] }))}
              error={errors.gender?.message}
              {...form.register('gender')}
            />
          </SimpleGrid>
          <CountedTextarea
            label={m.description}
            minRows={3}
            maxLength={DESCRIPTION_MAX}
            counter={m.descriptionCounter(description.length, DESCRIPTION_MAX)}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <FormActions error={firstError} submitLabel={m.saveProfile} pending={save.isPending} />
        </Stack>
      </form>
      {profile.pendingEmail && <EmailChangeCode pendingEmail={profile.pendingEmail} />}
    </SettingsSection>
  );
}
