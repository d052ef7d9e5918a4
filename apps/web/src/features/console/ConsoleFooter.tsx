import { consoleFr, fr } from '@guichet/shared';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useMeta } from '../../api/meta';
import classes from './Console.module.css';

/** The console's own footer: the terms documents and contact (3-showcase-and-shell.md, global shell). */
const links = [
  { label: fr.shell.footerCgu, to: '/termsAndConditions#cgu' },
  { label: fr.shell.footerCgv, to: '/termsAndConditions#cgv' },
  { label: fr.shell.footerCgo, to: '/termsAndConditions#cgo' },
  { label: fr.shell.footerPrivacy, to: '/privacyPolicy' },
  { label: fr.shell.footerContact, to: '/contact' },
];

export function ConsoleFooter() {
  const { brandName } = useMeta();
  return (
    <Group component="footer" justify="space-between" gap="md" py="md" mt="xl" className={classes.footer}>
      <Text size="sm" c="dimmed">
        © {new Date().getFullYear()} {brandName}
      </Text>
      <Group component="nav" aria-label={consoleFr.footerLabel} gap="md">
        {links.map((link) => (
          <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
            {link.label}
          </Anchor>
        ))}
      </Group>
    </Group>
  );
}
