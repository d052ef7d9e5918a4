import { ticketsFr } from '@guichet/shared';
import { Button, Text } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle } from '@tabler/icons-react';
import { participationApplePassUrl, useEnabledWallets, useGoogleWalletLink } from '../../api/participations';

const w = ticketsFr.wallet;

/**
 * 'Ajouter à Apple Wallet' and 'Ajouter à Google Wallet', each shown only when the server has
 * its wallet's settings. The Apple pass is a link (Safari hands it to Wallet); the Google link
 * is made at the click and followed in the same tab.
 */
export function WalletButtons({ participationId }: { participationId: string }) {
  const wallets = useEnabledWallets();
  const google = useGoogleWalletLink(participationId);
  if (!wallets.data) return null;
  return (
    <>
      {wallets.data.apple && (
        <Button
          component="a"
          href={participationApplePassUrl(participationId)}
          color="dark"
          leftSection={<IconBrandApple size={18} aria-hidden />}
        >
          {w.addToApple}
        </Button>
      )}
      {wallets.data.google && (
        <Button
          variant="default"
          loading={google.isPending}
          leftSection={<IconBrandGoogle size={18} aria-hidden />}
          onClick={() => google.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
        >
          {w.addToGoogle}
        </Button>
      )}
      {google.isError && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {w.googleFailed}
        </Text>
      )}
    </>
  );
}
