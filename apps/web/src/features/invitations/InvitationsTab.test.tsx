import {
  datesFr,
  eventDatesFr,
  formatDateTime,
  type Invitation,
  type InvitationPreview,
  invitationsFr,
} from '@guichet/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleDate } from '../../../test/date-fixtures';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { InvitationsTab } from './InvitationsTab';

const m = invitationsFr;
const BASE = '/console/events/evt-1';
const DATES = `GET ${BASE}/dates`;
const ticket = {
  id: 't-1',
  title: 'Entrée',
  description: '',
  priceCents: 1000,
  vatRate: '20',
  remaining: 10,
  minToBuy: 1,
  maxToBuy: 5,
  isAvailable: true,
  isHidden: false,
  isSoldOut: false,
  isMultipart: false,
  options: [],
};
const invited = (revokedAt: string | null = null): Invitation => ({
  participationId: 'p-1',
  firstName: 'Inès',
  lastName: 'Invitée',
  email: 'ines@exemple.fr',
  ticketTitle: 'Entrée',
  dateBegin: null,
  ticketNumber: 12,
  createdAt: '2030-05-01T10:00:00.000Z',
  revokedAt,
});

/** A row of a file's preview: Ana Lopez's, unless told. */
const previewRow = (line: number, extra: Partial<InvitationPreview['rows'][number]> = {}) => ({
  line,
  email: 'a@exemple.fr',
  firstName: 'Ana',
  lastName: 'Lopez',
  ticketTitle: 'Entrée',
  date: '',
  error: null,
  ...extra,
});

describe('the Invitations tab', () => {
  it('checks the form before asking the server, invites, lists the invitation, and revokes it after confirming', async () => {
    let list: Invitation[] = [];
    const api = stubApi({
      [DATES]: ok([]),
      [`GET ${BASE}/door-tickets`]: ok([ticket]),
      [`GET ${BASE}/invitations`]: () => ok(list),
      [`POST ${BASE}/invitations`]: () => {
        list = [invited()];
        return { status: 201, body: { participationId: 'p-1', orderId: 'o-1', ticketId: 't-1', message: m.created } };
      },
      [`POST ${BASE}/invitations/p-1/revoke`]: () => {
        list = [invited('2030-05-02T10:00:00.000Z')];
        return ok({ revokedAt: '2030-05-02T10:00:00.000Z', message: m.revoked });
      },
    });
    const { user } = renderApp(<InvitationsTab eventId="evt-1" />);
    expect(await screen.findByText(m.empty)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: m.submit }));
    expect(screen.getByRole('textbox', { name: new RegExp(`^${m.email}`) })).toHaveAccessibleDescription(
      m.emailRequired,
    );
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${m.email}`) }), 'ines@exemple.fr');
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${m.firstName}`) }), 'Inès');
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${m.lastName}`) }), '=1+1');
    await user.click(screen.getByRole('button', { name: m.submit }));
    expect(screen.getByRole('textbox', { name: new RegExp(`^${m.lastName}`) })).toHaveAccessibleDescription(m.formula);
    expect(api.bodiesOf(`POST ${BASE}/invitations`)).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: new RegExp(`^${m.lastName}`) }));
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${m.lastName}`) }), 'Invitée');
    await user.click(screen.getByRole('button', { name: m.submit }));
    expect(await screen.findByText(m.created)).toBeInTheDocument();
    // Without a ticket chosen: the server picks the first free or cheapest.
    expect(api.bodiesOf(`POST ${BASE}/invitations`)).toEqual([
      { email: 'ines@exemple.fr', firstName: 'Inès', lastName: 'Invitée' },
    ]);
    expect((await screen.findAllByText(m.statusValid)).length).toBeGreaterThan(0);

    const [revoke] = screen.getAllByRole('button', { name: m.revokeLabel('Inès Invitée') });
    if (!revoke) throw new Error('no revoke button');
    await user.click(revoke);
    const dialog = await screen.findByRole('dialog', { name: m.revokeTitle });
    expect(within(dialog).getByText(m.revokeConfirm('Inès Invitée'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: m.revokeSubmit }));
    expect(await screen.findByText(m.revoked)).toBeInTheDocument();
    expect((await screen.findAllByText(m.statusRevoked)).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('button', { name: m.revokeLabel('Inès Invitée') })).toEqual([]);
  });

  it('previews a file with each row’s error, offers no import while one remains, then imports a clean file', async () => {
    const withErrors: InvitationPreview = {
      rows: [
        previewRow(2),
        previewRow(3, { email: 'b@exemple.fr', firstName: `'=HYPERLINK("x")`, lastName: 'Durand', error: m.formula }),
      ],
      validCount: 1,
      errorCount: 1,
    };
    const clean: InvitationPreview = { rows: withErrors.rows.slice(0, 1), validCount: 1, errorCount: 0 };
    let previews = [withErrors, clean];
    const api = stubApi({
      [DATES]: ok([]),
      [`GET ${BASE}/door-tickets`]: ok([ticket]),
      [`GET ${BASE}/invitations`]: ok([]),
      [`POST ${BASE}/invitations/preview`]: () => {
        const [next, ...rest] = previews;
        previews = rest;
        return ok(next);
      },
      [`POST ${BASE}/invitations/import`]: () => ({ status: 201, body: { created: 1, message: m.imported(1) } }),
    });
    const { user } = renderApp(<InvitationsTab eventId="evt-1" />);
    await screen.findByText(m.empty);
    await user.click(screen.getByRole('button', { name: m.preview }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.fileRequired);

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['Email;Prénom;Nom'], 'invites.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: m.preview }));
    expect(await screen.findByText(m.previewSummary(1, 1))).toBeInTheDocument();
    expect(screen.getByText(m.formula)).toBeInTheDocument();
    expect(screen.getByText(`'=HYPERLINK("x")`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.confirmImport(1) })).toBeDisabled();
    expect(api.bodiesOf(`POST ${BASE}/invitations/import`)).toEqual([]);

    await user.click(screen.getByRole('button', { name: m.preview }));
    expect(await screen.findByText(m.previewSummary(1, 0))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.confirmImport(1) }));
    expect(await screen.findByText(m.imported(1))).toBeInTheDocument();
    expect(screen.queryByText(m.previewSummary(1, 0))).toBeNull();
  });

  it('shows the server’s refusal of a file', async () => {
    stubApi({
      [DATES]: ok([]),
      [`GET ${BASE}/door-tickets`]: ok([ticket]),
      [`GET ${BASE}/invitations`]: ok([]),
      [`POST ${BASE}/invitations/preview`]: refusal(400, 'VALIDATION_ERROR', m.tooManyRows(10000, 2000)),
    });
    const { user } = renderApp(<InvitationsTab eventId="evt-1" />);
    await screen.findByText(m.empty);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'invites.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: m.preview }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.tooManyRows(10000, 2000));
  });

  it('on an event of several dates, invites for the date chosen (a pass for none) and shows each row’s and invitation’s date', async () => {
    const friday = '2099-05-01T18:00:00.000Z';
    const pass = { ...ticket, id: 't-pass', title: 'Pass 2 jours', isPass: true };
    let list: Invitation[] = [];
    const api = stubApi({
      [DATES]: ok([consoleDate('d-fri', friday), consoleDate('d-sat', '2099-05-02T18:00:00.000Z')]),
      [`GET ${BASE}/door-tickets`]: ok([ticket, pass]),
      [`GET ${BASE}/invitations`]: () => ok(list),
      [`POST ${BASE}/invitations`]: () => {
        list = [{ ...invited(), dateBegin: friday }];
        return { status: 201, body: { participationId: 'p-1', orderId: 'o-1', ticketId: 't-1', message: m.created } };
      },
      [`POST ${BASE}/invitations/preview`]: ok({
        rows: [
          previewRow(2, { date: '01/05/2099' }),
          previewRow(3, {
            email: 'b@exemple.fr',
            firstName: 'Bo',
            lastName: 'Li',
            date: '31/05/2099',
            error: m.unknownDate,
          }),
        ],
        validCount: 1,
        errorCount: 1,
      } satisfies InvitationPreview),
    });
    const { user } = renderApp(<InvitationsTab eventId="evt-1" />);
    await screen.findByText(m.empty);
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${m.email}`) }), 'ines@exemple.fr');
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${m.firstName}`) }), 'Inès');
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${m.lastName}`) }), 'Invitée');
    await user.click(screen.getByRole('button', { name: m.submit }));
    // A ticket for one date needs its date: said before asking the server.
    expect(await screen.findByRole('textbox', { name: eventDatesFr.filter.label })).toHaveAccessibleDescription(
      datesFr.dateRequired,
    );
    expect(api.bodiesOf(`POST ${BASE}/invitations`)).toEqual([]);

    await user.click(screen.getByRole('textbox', { name: eventDatesFr.filter.label }));
    await user.click(await screen.findByRole('option', { name: formatDateTime(friday) }));
    await user.click(screen.getByRole('button', { name: m.submit }));
    expect(await screen.findByText(m.created)).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${BASE}/invitations`)).toEqual([
      { email: 'ines@exemple.fr', firstName: 'Inès', lastName: 'Invitée', dateId: 'd-fri' },
    ]);
    expect((await screen.findAllByText(formatDateTime(friday))).length).toBeGreaterThan(0);

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['Email;Prénom;Nom;Date'], 'invites.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: m.preview }));
    // The preview's Date column, beside the list's own.
    expect(await screen.findByText('31/05/2099')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader', { name: m.previewColumns.date })).toHaveLength(2);
    expect(screen.getByText(m.unknownDate)).toBeInTheDocument();
  });
});
