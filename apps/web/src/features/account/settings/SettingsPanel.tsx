import { accountFr } from '@guichet/shared';
import { Stack } from '@mantine/core';
import { useMyProfile, useSavePrivacy, useSaveTravel } from '../../../api/account';
import { QueryState } from '../../../ui/QueryState';
import { BillingIdentitySettings } from '../../billing/BillingIdentityForm';
import { ApiTokensSettings } from '../../integrations/ApiTokensSettings';
import { WebhooksSettings } from '../../integrations/WebhooksSettings';
import { DataSettings } from './DataSettings';
import { PasswordSettingsForm } from './PasswordSettingsForm';
import { ProfileSettingsForm } from './ProfileSettingsForm';
import { SessionsSettings } from './SessionsSettings';
import { ToggleSettingsForm } from './ToggleSettingsForm';
import { VerificationSettings } from './VerificationSettings';

const m = accountFr.settings;

/** Every settings group of /parameters; also the "Paramètres" tab of /profil. */
export function SettingsPanel() {
  const profile = useMyProfile();
  const travel = useSaveTravel();
  const privacy = useSavePrivacy();
  if (!profile.data) {
    return <QueryState query={profile} />;
  }
  const p = profile.data;
  return (
    <Stack gap="lg">
      <ProfileSettingsForm profile={p} />
      <ToggleSettingsForm
        title={m.travelSection}
        saveLabel={m.saveTravel}
        labels={{ byCar: m.byCar, byFoot: m.byFoot, byCommon: m.byCommon, byMotorcycle: m.byMotorcycle }}
        initial={{ byCar: p.byCar, byFoot: p.byFoot, byCommon: p.byCommon, byMotorcycle: p.byMotorcycle }}
        mutation={travel}
      />
      <ToggleSettingsForm
        title={m.privacySection}
        saveLabel={m.savePrivacy}
        labels={{ showEmail: m.showEmail, isPublic: m.isPublic, newsletter: m.newsletter }}
        initial={{ showEmail: p.showEmail, isPublic: p.isPublic, newsletter: p.newsletter }}
        mutation={privacy}
      />
      <PasswordSettingsForm />
      <SessionsSettings />
      <VerificationSettings state={p.verification} />
      {/* Paid events are for verified organisers: they alone need a billing identity. */}
      {p.verification === 'verified' && <BillingIdentitySettings />}
      {/* Tokens and webhooks act on a verified organiser's events (issue 33). */}
      {p.verification === 'verified' && <ApiTokensSettings />}
      {p.verification === 'verified' && <WebhooksSettings />}
      <DataSettings />
    </Stack>
  );
}
