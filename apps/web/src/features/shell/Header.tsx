import { fr, type SessionUser } from '@guichet/shared';
import {
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  Menu,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { useSession } from '../../api/auth';
import { useScannableEvents } from '../../api/checkin';
import { useMeta } from '../../api/meta';
import { useLogoutAndLeave } from '../auth/useLogoutAndLeave';
import classes from './Header.module.css';
import { ThemeToggle } from './ThemeToggle';

const MyQrCodeModal = lazy(() => import('./MyQrCodeModal'));

type Item = { label: string; to: string };

function eventItems(user: SessionUser): Item[] {
  const items: Item[] = [
    { label: fr.shell.navDiscover, to: '/billetterie' },
    { label: fr.shell.navCreateEvent, to: '/createevents' },
  ];
  if (user.isVerified) items.push({ label: fr.shell.navManageEvents, to: '/event_management' });
  return items;
}

export function Header() {
  const { data: user } = useSession();
  const { brandName } = useMeta();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [qrOpened, qr] = useDisclosure(false);
  const leave = useLogoutAndLeave();
  // Staff (or organiser) of an event happening today: the scanner is one tap away.
  const scannable = useScannableEvents(Boolean(user));
  const scansToday = Boolean(user && scannable.data?.length);

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Text component={Link} to="/" className={classes.brand} aria-label={`${brandName} — accueil`}>
          {brandName}
        </Text>

        <Group gap="xs" visibleFrom="sm" component="nav" aria-label="Navigation principale">
          {user ? (
            <>
              <Menu trigger="click-hover" position="bottom-start" withinPortal>
                <Menu.Target>
                  <UnstyledButton className={classes.link}>
                    {fr.shell.navEvents} <IconChevronDown size={14} aria-hidden />
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  {eventItems(user).map((item) => (
                    <Menu.Item key={item.to} component={Link} to={item.to}>
                      {item.label}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              <RouterNavLink to="/myTickets" className={classes.link}>
                {fr.shell.navMyTickets}
              </RouterNavLink>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <UnstyledButton className={classes.link} aria-label={`${fr.shell.navProfile} : ${user.firstName}`}>
                    <IconUserCircle size={20} aria-hidden /> {user.firstName} <IconChevronDown size={14} aria-hidden />
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item component={Link} to="/profil">
                    {fr.shell.navProfile}
                  </Menu.Item>
                  {user.isAdmin && (
                    <Menu.Item component={Link} to="/admin">
                      {fr.shell.navAdminDashboard}
                    </Menu.Item>
                  )}
                  {user.isAdmin && (
                    <Menu.Item component={Link} to="/admin/devis">
                      {fr.shell.navQuoteRequests}
                    </Menu.Item>
                  )}
                  {scansToday && (
                    <Menu.Item component={Link} to="/scan">
                      {fr.shell.navScanner}
                    </Menu.Item>
                  )}
                  <Menu.Item onClick={qr.open}>{fr.shell.navMyQrCode}</Menu.Item>
                  <Menu.Divider />
                  <Menu.Item color="red" onClick={leave}>
                    {fr.shell.navLogout}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </>
          ) : (
            <>
              <RouterNavLink to="/billetterie" className={classes.link}>
                {fr.shell.navEvents}
              </RouterNavLink>
              <RouterNavLink to="/about" className={classes.link}>
                {fr.shell.navAbout}
              </RouterNavLink>
              <RouterNavLink to="/contact" className={classes.link}>
                {fr.shell.navContact}
              </RouterNavLink>
              <Button component={Link} to="/connexion" size="sm">
                {fr.shell.navLogin}
              </Button>
            </>
          )}
          <ThemeToggle />
        </Group>

        <Group hiddenFrom="sm" gap="xs">
          <ThemeToggle />
          <Burger opened={drawerOpened} onClick={drawer.toggle} aria-label={fr.shell.openMenu} />
        </Group>
      </Container>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        title={brandName}
        hiddenFrom="sm"
        size="80%"
        position="right"
      >
        <Stack gap={0} component="nav" aria-label="Navigation mobile" onClick={drawer.close}>
          {user ? (
            <>
              <Text size="xs" c="dimmed" tt="uppercase" px="sm" pt="xs">
                {fr.shell.navEvents}
              </Text>
              {eventItems(user).map((item) => (
                <NavLink key={item.to} component={Link} to={item.to} label={item.label} />
              ))}
              <Divider my="xs" />
              <NavLink component={Link} to="/myTickets" label={fr.shell.navMyTickets} />
              <NavLink component={Link} to="/profil" label={fr.shell.navProfile} />
              {user.isAdmin && <NavLink component={Link} to="/admin" label={fr.shell.navAdminDashboard} />}
              {user.isAdmin && <NavLink component={Link} to="/admin/devis" label={fr.shell.navQuoteRequests} />}
              {scansToday && <NavLink component={Link} to="/scan" label={fr.shell.navScanner} />}
              <NavLink component="button" label={fr.shell.navMyQrCode} onClick={qr.open} />
              <NavLink component="button" label={fr.shell.navLogout} c="red" onClick={leave} />
            </>
          ) : (
            <>
              <NavLink component={Link} to="/billetterie" label={fr.shell.navEvents} />
              <NavLink component={Link} to="/about" label={fr.shell.navAbout} />
              <NavLink component={Link} to="/contact" label={fr.shell.navContact} />
              <NavLink component={Link} to="/connexion" label={fr.shell.navLogin} />
            </>
          )}
        </Stack>
      </Drawer>

      {user && qrOpened && (
        <Suspense>
          <MyQrCodeModal userId={user.id} onClose={qr.close} />
        </Suspense>
      )}
    </Box>
  );
}
