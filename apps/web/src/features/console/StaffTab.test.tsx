import { type StaffMember, staffFr } from '@guichet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { StaffTab } from './StaffTab';

const m = staffFr;
const STAFF = 'GET /console/events/evt-1/staff';

const member = (userId: string, firstName: string, role: StaffMember['role'] = 'scanner'): StaffMember => ({
  userId,
  firstName,
  lastName: 'Martin',
  email: `${firstName.toLowerCase()}@exemple.fr`,
  status: role === 'scanner' ? 'staff' : 'admin',
  role,
  scannedCount: 0,
  addedAt: '2030-05-01T10:00:00.000Z',
});
const organiser = member('u-org', 'Odile', null);

async function openAddDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: m.add }));
  return screen.findByRole('dialog', { name: m.addTitle });
}

describe('the Staff tab', () => {
  it('lists the organiser as Admin and says when nobody else was added', async () => {
    stubApi({ [STAFF]: ok([organiser]) });
    renderApp(<StaffTab eventId="evt-1" />);

    expect(await screen.findByText('Odile Martin')).toBeInTheDocument();
    expect(screen.getByText(m.statusAdmin)).toBeInTheDocument();
    expect(screen.getByText(m.empty)).toBeInTheDocument();
    // The organiser cannot be removed.
    expect(screen.queryByRole('button', { name: `${m.remove} Odile Martin` })).not.toBeInTheDocument();
  });

  it('refuses an invalid e-mail without asking the server', async () => {
    const api = stubApi({ [STAFF]: ok([organiser]) });
    const { user } = renderApp(<StaffTab eventId="evt-1" />);
    const dialog = await openAddDialog(user);

    await user.type(within(dialog).getByLabelText(m.emailLabel), 'pas-un-email');
    await user.click(within(dialog).getByRole('button', { name: m.confirm }));

    const field = within(dialog).getByLabelText(m.emailLabel);
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(expect.stringContaining(m.emailInvalid));
    expect(api.bodiesOf('POST /console/events/evt-1/staff')).toEqual([]);
  });

  it('says the server’s refusal in the dialog, which stays open', async () => {
    stubApi({
      [STAFF]: ok([organiser]),
      'POST /console/events/evt-1/staff': refusal(404, 'UNKNOWN_ACCOUNT', m.unknownAccount, { field: 'email' }),
    });
    const { user } = renderApp(<StaffTab eventId="evt-1" />);
    const dialog = await openAddDialog(user);

    await user.type(within(dialog).getByLabelText(m.emailLabel), 'inconnu@exemple.fr{Enter}');

    expect(await within(dialog).findByText(m.unknownAccount)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: m.addTitle })).toBeInTheDocument();
  });

  it('adds a member by e-mail: a toast, the dialog closed, the list read again', async () => {
    let members = [organiser];
    const api = stubApi({
      [STAFF]: () => ok(members),
      'POST /console/events/evt-1/staff': ({ body }) => {
        members = [organiser, member('u-2', 'Paul')];
        return ok({ ...member('u-2', 'Paul'), email: (body as { email: string }).email });
      },
    });
    const { user } = renderApp(<StaffTab eventId="evt-1" />);
    const dialog = await openAddDialog(user);

    await user.type(within(dialog).getByLabelText(m.emailLabel), 'paul@exemple.fr');
    await user.click(within(dialog).getByRole('button', { name: m.confirm }));

    expect(await screen.findByText(m.added)).toBeInTheDocument();
    expect(await screen.findByText('Paul Martin')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: m.addTitle })).not.toBeInTheDocument());
    expect(api.bodiesOf('POST /console/events/evt-1/staff')).toEqual([{ email: 'paul@exemple.fr', role: 'scanner' }]);
  });

  it('adds a member to the box office, then changes their role from the list', async () => {
    let members = [organiser];
    const api = stubApi({
      [STAFF]: () => ok(members),
      'POST /console/events/evt-1/staff': () => {
        members = [organiser, member('u-2', 'Paul', 'box-office')];
        return ok(member('u-2', 'Paul', 'box-office'));
      },
      'PATCH /console/events/evt-1/staff/u-2': () => {
        members = [organiser, member('u-2', 'Paul', 'scanner')];
        return ok();
      },
    });
    const { user } = renderApp(<StaffTab eventId="evt-1" />);
    const dialog = await openAddDialog(user);
    await user.selectOptions(within(dialog).getByLabelText(m.roleLabel), m.roleBoxOffice);
    await user.type(within(dialog).getByLabelText(m.emailLabel), 'paul@exemple.fr{Enter}');
    expect(await screen.findByText('Paul Martin')).toBeInTheDocument();
    expect(api.bodiesOf('POST /console/events/evt-1/staff')).toEqual([
      { email: 'paul@exemple.fr', role: 'box-office' },
    ]);
    // A box-office member is the spec's Admin (a staff member who can modify), and can be removed.
    expect(screen.getAllByText(m.statusAdmin)).toHaveLength(2);
    expect(screen.getByRole('button', { name: `${m.remove} Paul Martin` })).toBeInTheDocument();

    const role = screen.getByLabelText(m.roleOf('Paul Martin'));
    expect(role).toHaveValue('box-office');
    await user.selectOptions(role, m.roleScanner);
    expect(await screen.findByText(m.roleChanged)).toBeInTheDocument();
    expect(api.bodiesOf('PATCH /console/events/evt-1/staff/u-2')).toEqual([{ role: 'scanner' }]);
    await waitFor(() => expect(screen.getAllByText(m.statusAdmin)).toHaveLength(1));
  });

  it('removes a member after a confirmation naming them', async () => {
    let members = [organiser, member('u-2', 'Paul')];
    const api = stubApi({
      [STAFF]: () => ok(members),
      'DELETE /console/events/evt-1/staff/u-2': () => {
        members = [organiser];
        return ok();
      },
    });
    const { user } = renderApp(<StaffTab eventId="evt-1" />);

    await user.click(await screen.findByRole('button', { name: `${m.remove} Paul Martin` }));
    const dialog = await screen.findByRole('dialog', { name: m.removeTitle });
    expect(dialog).toHaveTextContent(m.removeConfirm('Paul Martin'));
    await user.click(within(dialog).getByRole('button', { name: m.remove }));

    expect(await screen.findByText(m.removed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Paul Martin')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
