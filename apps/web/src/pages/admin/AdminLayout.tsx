import { adminFr, fr } from '@guichet/shared';
import { Alert, Container, Group, Stack, Title, UnstyledButton } from '@mantine/core';
import { NavLink, Outlet } from 'react-router';
import { adminSections as sections } from '../../features/admin/sections';
import { RequireAuth } from '../../features/auth/RequireAuth';
import classes from './Admin.module.css';

/** The back office's frame (issue 10): the administrator's alone, its sections as tabs over the page. */
export default function AdminLayout() {
  return (
    <RequireAuth>
      {(user) =>
        user.isAdmin ? (
          <Container size="lg" py="lg">
            <Stack gap="lg">
              <Title order={1}>{adminFr.title}</Title>
              <Group component="nav" aria-label={adminFr.navLabel} gap={4} className={classes.nav}>
                {sections.map((section) => (
                  <UnstyledButton
                    key={section.to}
                    component={NavLink}
                    to={section.to}
                    end={section.end}
                    className={classes.tab}
                  >
                    {section.label}
                  </UnstyledButton>
                ))}
              </Group>
              <Outlet />
            </Stack>
          </Container>
        ) : (
          <Container size="sm" py="xl">
            <Alert color="red" role="alert">
              {fr.common.forbidden}
            </Alert>
          </Container>
        )
      }
    </RequireAuth>
  );
}
