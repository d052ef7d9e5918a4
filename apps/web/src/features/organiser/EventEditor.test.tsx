import { fr, type ManagedEvent, organiserFr, type SessionUser } from '@guichet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { managed, organiser } from '../../../test/organiser-fixtures';
import { label, renderApp } from '../../../test/render-app';
import { EventEditor } from './EventEditor';

const f = organiserFr.form;

/**
 * The server of the edit page: the session, the event as its organiser sees it, the categories,
 * and the address base (the address field looks its saved value up as the form opens).
 */
function editorServer(user: SessionUser, event: ManagedEvent, extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /console/events/evt-1/dates': ok([]),
    'GET /auth/session': ok({ user }),
    'GET /events/evt-1/manage': ok(event),
    'GET /events/types': ok([
      { id: 1, label: 'Soirée' },
      { id: 2, label: 'Conférence' },
    ]),
    'GET /addresses': ok([]),
    'GET /console/events/evt-1/questions': ok({ items: [] }),
    ...extra,
  });
}

const titleField = () => screen.findByLabelText(label(f.title));
const save = () => screen.getByRole('button', { name: f.save });

describe('the event edit form', () => {
  it('shows the event as saved, and what an unverified organiser may not change', async () => {
    editorServer(organiser({ isVerified: false }), managed());
    renderApp(<EventEditor eventId="evt-1" />);

    expect(await titleField()).toHaveValue('Gala de printemps');
    expect(screen.getByLabelText(label(f.address))).toHaveValue('1 rue de la Paix, Paris');
    expect(screen.getByRole('switch', { name: f.isOpen })).toBeChecked();
    expect(screen.getByRole('switch', { name: f.isPublic })).toBeDisabled();
    expect(screen.getByRole('switch', { name: f.attendeePaysFees })).toBeDisabled();
    expect(screen.getByRole('note')).toHaveTextContent(organiserFr.verifiedOnlyNote);
  });

  it('refuses an empty title with the catalog’s message, and sends nothing', async () => {
    const api = editorServer(organiser(), managed());
    const { user } = renderApp(<EventEditor eventId="evt-1" />);
    await user.clear(await titleField());

    await user.click(save());

    expect(screen.getByRole('alert')).toHaveTextContent(organiserFr.create.titleRequired);
    expect(await titleField()).toBeInvalid();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('saves the changes, then says so', async () => {
    const api = editorServer(organiser(), managed(), {
      'PATCH /events/evt-1': ({ body }) => ok({ ...managed(), ...(body as object) }),
    });
    const { user } = renderApp(<EventEditor eventId="evt-1" />);
    const title = await titleField();
    await user.clear(title);
    await user.type(title, 'Gala d’été');
    await user.click(screen.getByRole('switch', { name: f.isOpen }));

    await user.click(save());

    expect(await screen.findByText(organiserFr.edit.saved)).toBeInTheDocument();
    const [sent] = api.bodiesOf('PATCH /events/evt-1');
    expect(sent).toMatchObject({
      title: 'Gala d’été',
      address: '1 rue de la Paix, Paris',
      dateBegin: '2099-05-01T18:00:00.000Z',
      dateEnd: '2099-05-01T23:00:00.000Z',
      dateMaxRefund: null,
      type: '1',
      isPublic: true,
      isOpen: false,
      onsaleAt: null,
      admissionPerMinute: null,
    });
    // The address was not changed: its coordinates are the server's business.
    expect(sent).not.toHaveProperty('latitude');
  });

  it('shows the server’s refusal beside the form and in a toast', async () => {
    const message = 'Votre adresse est introuvable.';
    editorServer(organiser(), managed(), {
      'PATCH /events/evt-1': refusal(400, 'VALIDATION_ERROR', message, { field: 'address' }),
    });
    const { user } = renderApp(<EventEditor eventId="evt-1" />);
    await titleField();

    await user.click(save());

    expect(await screen.findByText(organiserFr.edit.failedToast(message))).toBeInTheDocument();
    // Two alerts: the form's, and the toast's.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(
      expect.arrayContaining([message, expect.stringContaining(organiserFr.edit.failedToast(message))]),
    );
    expect(screen.getByLabelText(label(f.address))).toBeInvalid();
  });

  it('deletes the event only once confirmed', async () => {
    const api = editorServer(organiser(), managed(), { 'DELETE /events/evt-1': ok() });
    const onDeleted = vi.fn();
    const { user } = renderApp(<EventEditor eventId="evt-1" onDeleted={onDeleted} />);
    await titleField();

    await user.click(screen.getByRole('button', { name: f.deleteEvent }));
    const dialog = await screen.findByRole('dialog', { name: f.deleteEvent });
    expect(dialog).toHaveTextContent(f.deleteEventConfirm);
    await user.click(within(dialog).getByRole('button', { name: fr.common.cancel }));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: f.deleteEvent }));
    await user.click(
      within(await screen.findByRole('dialog', { name: f.deleteEvent })).getByRole('button', {
        name: fr.common.confirm,
      }),
    );

    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
