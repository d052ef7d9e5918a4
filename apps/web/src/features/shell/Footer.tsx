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
];

export function Footer() {
  const { brandName } = useMeta();
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
      </Group>
    </Container>
  );
}
