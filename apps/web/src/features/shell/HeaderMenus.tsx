import { fr, type SessionUser } from '@guichet/shared';
import { Divider, Drawer, Menu, NavLink, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconExternalLink, IconUserCircle } from '@tabler/icons-react';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { useLogoutAndLeave } from '../auth/useLogoutAndLeave';
import classes from './Header.module.css';

/** `newTab`: the organiser console opens in a tab of its own (3-showcase-and-shell.md §2). */
type Item = { label: string; to: string; newTab?: boolean };

function eventItems(user: SessionUser): Item[] {
  const items: Item[] = [
    { label: fr.shell.navDiscover, to: '/billetterie' },
    { label: fr.shell.navCreateEvent, to: '/createevents' },
  ];
  if (user.isVerified) items.push({ label: fr.shell.navManageEvents, to: '/event_management', newTab: true });
  return items;
}

const newTabProps = { target: '_blank', rel: 'noopener' } as const;

/** An item's text, with the warning that it opens a new tab (WCAG G201) for the eye and the ear. */
function ItemLabel({ item }: { item: Item }) {
  if (!item.newTab) return item.label;
  return (
    <>
      {item.label} <IconExternalLink size={14} aria-hidden />
      <VisuallyHidden> {fr.shell.newTab}</VisuallyHidden>
    </>
  );
}

type MenuProps = { user: SessionUser; scansToday: boolean; onQrCode: () => void };

/** The signed-in user's two menus of the wide header (their own chunk: they bring floating-ui). */
export function UserMenus({ user, scansToday, onQrCode: openQr }: MenuProps) {
  const leave = useLogoutAndLeave();
  const qr = { open: openQr };
  return (
    <>
      <Menu trigger="click-hover" position="bottom-start" withinPortal>
        <Menu.Target>
          <UnstyledButton className={classes.link}>
            {fr.shell.navEvents} <IconChevronDown size={14} aria-hidden />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {eventItems(user).map((item) => (
            <Menu.Item key={item.to} component={Link} to={item.to} {...(item.newTab ? newTabProps : {})}>
              <ItemLabel item={item} />
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <RouterNavLink to="/services" className={classes.link}>
        {fr.shell.navShop}
      </RouterNavLink>
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
  );
}

/** The narrow screens' navigation, loaded when the burger is first pressed. */
export function MobileDrawer({
  opened,
  onClose,
  brandName,
  user,
  scansToday,
  onQrCode,
}: {
  opened: boolean;
  onClose: () => void;
  brandName: string;
  user: SessionUser | null;
  scansToday: boolean;
  onQrCode: () => void;
}) {
  const leave = useLogoutAndLeave();
  const qr = { open: onQrCode };
  const drawer = { close: onClose };
  return (
    <Drawer opened={opened} onClose={drawer.close} title={brandName} hiddenFrom="sm" size="80%" position="right">
      <Stack gap={0} component="nav" aria-label="Navigation mobile" onClick={drawer.close}>
        {user ? (
          <>
            <Text size="xs" c="dimmed" tt="uppercase" px="sm" pt="xs">
              {fr.shell.navEvents}
            </Text>
            {eventItems(user).map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={<ItemLabel item={item} />}
                {...(item.newTab ? newTabProps : {})}
              />
            ))}
            <Divider my="xs" />
            <NavLink component={Link} to="/services" label={fr.shell.navShop} />
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
            <NavLink component={Link} to="/services" label={fr.shell.navShop} />
            <NavLink component={Link} to="/about" label={fr.shell.navAbout} />
            <NavLink component={Link} to="/contact" label={fr.shell.navContact} />
            <NavLink component={Link} to="/connexion" label={fr.shell.navLogin} />
          </>
        )}
      </Stack>
    </Drawer>
  );
}
