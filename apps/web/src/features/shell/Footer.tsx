import { fr } from '@guichet/shared';
import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useMeta } from '../../api/meta';

export const footerLinks = [
  { label: fr.shell.footerCgu, to: '/termsAndConditions#cgu' },
  { label: fr.shell.footerCgv, to: '/termsAndConditions#cgv' },
  { label: fr.shell.footerCgo, to: '/termsAndConditions#cgo' },
  { label: fr.shell.footerPrivacy, to: '/privacyPolicy' },
  { label: fr.shell.footerLegal, to: '/termsAndConditions#mentions-legales' },
  { label: fr.shell.footerContact, to: '/contact' },
  { label: fr.shell.footerRates, to: '/tarifs' },
  { label: fr.shell.footerShop, to: '/services' },
];

const socialNames: Record<string, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  x: 'X',
  youtube: 'YouTube',
};

export function Footer() {
  const { brandName, socialLinks } = useMeta();
  return (
    <Container component="footer" size="lg" py="xl" mt="xl">
      <Group justify="space-between" gap="md">
        <Text size="sm" c="dimmed">
          © {new Date().getFullYear()} {brandName}
        </Text>
        <Group gap="md" component="nav" aria-label="Liens légaux">
          {footerLinks.map((link) => (
            <Anchor key={link.label} component={Link} to={link.to} size="sm" c="dimmed">
              {link.label}
            </Anchor>
          ))}
        </Group>
        {/* Only the networks this deployment configured (SOCIAL_LINKS). */}
        {socialLinks.length > 0 && (
          <Group gap="md" component="nav" aria-label={fr.shell.socialLinks}>
            {socialLinks.map((link) => (
              <Anchor
                key={link.url}
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                c="dimmed"
                aria-label={fr.shell.socialLink(brandName, socialNames[link.network] ?? link.network)}
              >
                {socialNames[link.network] ?? link.network}
              </Anchor>
            ))}
          </Group>
        )}
      </Group>
    </Container>
  );
}
