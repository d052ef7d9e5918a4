import { fr } from '@guichet/shared';
import { Box, Burger, Button, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { useSession } from '../../api/auth';
import { useScannableEvents } from '../../api/checkin';
import { useMeta } from '../../api/meta';
import { CartLink } from './CartLink';
import classes from './Header.module.css';
import { ThemeToggle } from './ThemeToggle';

const MyQrCodeModal = lazy(() => import('./MyQrCodeModal'));
const UserMenus = lazy(() => import('./HeaderMenus').then((m) => ({ default: m.UserMenus })));
const MobileDrawer = lazy(() => import('./HeaderMenus').then((m) => ({ default: m.MobileDrawer })));

/** What a visitor's header leads to, in order. */
const visitorLinks = [
  { to: '/billetterie', label: fr.shell.navEvents },
  { to: '/services', label: fr.shell.navShop },
  { to: '/about', label: fr.shell.navAbout },
  { to: '/contact', label: fr.shell.navContact },
];

export function Header() {
  const { data: user } = useSession();
  const { brandName } = useMeta();
  const [drawerOpened, drawer] = useDisclosure(false);
  // The drawer's code (and the floating menus of a signed-in user) load when first needed:
  // a visitor's first page does not download the positioning library (issue 14, JS budget).
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [qrOpened, qr] = useDisclosure(false);
  // Staff (or organiser) of an event happening today: the scanner is one tap away.
  const scannable = useScannableEvents(Boolean(user));
  const scansToday = Boolean(user && scannable.data?.length);

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Text component={Link} to="/" className={classes.brand} aria-label={`${brandName} — accueil`}>
          {brandName}
        </Text>

        <Group
          gap="xs"
          visibleFrom="sm"
          component="nav"
          aria-label="Navigation principale"
          wrap="nowrap"
          className={classes.nav}
        >
          {user ? (
            <Suspense fallback={<Box w={260} />}>
              <UserMenus user={user} scansToday={scansToday} onQrCode={qr.open} />
            </Suspense>
          ) : (
            <>
              {visitorLinks.map((link) => (
                <RouterNavLink key={link.to} to={link.to} className={classes.link}>
                  {link.label}
                </RouterNavLink>
              ))}
              <Button component={Link} to="/connexion" size="sm" className={classes.login}>
                {fr.shell.navLogin}
              </Button>
            </>
          )}
          <CartLink />
          <ThemeToggle />
        </Group>

        <Group hiddenFrom="sm" gap="xs">
          <CartLink />
          <ThemeToggle />
          <Burger
            opened={drawerOpened}
            onClick={() => {
              setDrawerUsed(true);
              drawer.toggle();
            }}
            aria-label={fr.shell.openMenu}
          />
        </Group>
      </Container>

      {drawerUsed && (
        <Suspense>
          <MobileDrawer
            opened={drawerOpened}
            onClose={drawer.close}
            brandName={brandName}
            user={user ?? null}
            scansToday={scansToday}
            onQrCode={qr.open}
          />
        </Suspense>
      )}

      {user && qrOpened && (
        <Suspense>
          <MyQrCodeModal userId={user.id} onClose={qr.close} />
        </Suspense>
      )}
    </Box>
  );
}
