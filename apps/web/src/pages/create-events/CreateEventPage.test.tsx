import { organiserFr } from '@guichet/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { organiser } from '../../../test/organiser-fixtures';
import { label, renderApp } from '../../../test/render-app';
import CreateEventPage from './CreateEventPage';

const f = organiserFr.form;
const c = organiserFr.create;

const suggestion = {
  label: '1 Rue de la Paix 75002 Paris',
  name: '1 Rue de la Paix',
  postcode: '75002',
  city: 'Paris',
  latitude: 48.8686,
  longitude: 2.3309,
};

function server(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /auth/session': ok({ user: organiser() }),
    'GET /events/types': ok([
      { id: 1, label: 'Soirée' },
      { id: 2, label: 'Conférence' },
    ]),
    'GET /addresses': ok([suggestion]),
    ...extra,
  });
}

function renderPage() {
  return renderApp(
    <Routes>
      <Route path="/create-events" element={<CreateEventPage />} />
      <Route path="/billetterie/:id" element={<p>page de l’événement</p>} />
    </Routes>,
    { path: '/create-events' },
  );
}

const field = (text: string) => screen.getByLabelText(label(text));
/** Fills a field at once, as a paste: each keystroke re-renders the whole form and its preview. */
async function fill(user: ReturnType<typeof renderApp>['user'], text: string, value: string) {
  await user.click(field(text));
  await user.paste(value);
}
const submit = () => screen.getByRole('button', { name: c.submit });
// jsdom cannot type into a date-and-time field key by key: the value is set as a picker would.
const pickDate = (text: string, value: string) => fireEvent.change(field(text), { target: { value } });

describe('the event creation form', () => {
  it('asks for the title first, and leaves an address typed without a suggestion to the server', async () => {
    const api = server({
      'POST /events': refusal(400, 'VALIDATION_ERROR', c.addressNotFound, { field: 'address' }),
    });
    const { user } = renderPage();
    await screen.findByRole('heading', { name: c.pageTitle });
    expect(field(f.organizer)).toHaveValue('Odile Martin');

    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent(c.titleRequired);
    expect(api.bodiesOf('POST /events')).toEqual([]);

    await fill(user, f.title, 'Gala');
    await fill(user, f.address, 'Nulle part');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(c.addressNotFound);
    expect(field(f.address)).toBeInvalid();
    expect(api.bodiesOf('POST /events')).toMatchObject([{ title: 'Gala', address: 'Nulle part', latitude: null }]);
  });

  it('checks a located event in the spec’s order, then creates it and opens its page', async () => {
    const api = server({ 'POST /events': ok({ id: 'evt-new' }) });
    const { user } = renderPage();
    await screen.findByRole('heading', { name: c.pageTitle });
    await fill(user, f.title, 'Gala de printemps');
    await fill(user, f.address, '1 rue de la Paix');
    // The address base is asked once the typing pauses (ADDRESS_DEBOUNCE_MS).
    await user.click(await screen.findByRole('option', { name: /1 Rue de la Paix/ }, { timeout: 3000 }));
    expect(field(f.address)).toHaveValue(suggestion.label);

    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent(c.categoryRequired);

    await user.click(screen.getByRole('textbox', { name: label(f.category) }));
    await user.click(await screen.findByRole('option', { name: 'Soirée' }));
    pickDate(f.dateBegin, '2099-05-01T20:00');
    pickDate(f.dateEnd, '2099-05-01T18:00');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent(c.endBeforeStart);

    pickDate(f.dateEnd, '2099-05-01T23:30');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent(c.descriptionRequired);

    await fill(user, f.description, 'Une soirée.');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent(c.termsRequired);
    expect(api.bodiesOf('POST /events')).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: f.acceptConditions }));
    await user.click(submit());

    expect(await screen.findByText('page de l’événement')).toBeInTheDocument();
    const [sent] = api.bodiesOf('POST /events');
    expect(sent).toMatchObject({
      title: 'Gala de printemps',
      address: suggestion.label,
      latitude: suggestion.latitude,
      longitude: suggestion.longitude,
      organizerId: 'u-org',
      type: '1',
      description: 'Une soirée.',
      nbMaxParticipants: 1,
      isPublic: false,
      dateMaxRefund: null,
      acceptTerms: true,
      ticketList: [{ title: organiserFr.ticket.defaultTitle(1), price: 0, quantity: 1, isMultipart: false }],
    });
    expect(new Date((sent as { dateBegin: string }).dateBegin).getTime()).toBe(new Date('2099-05-01T20:00').getTime());
  });

  it('leaves the service fee to verified organisers', async () => {
    stubApi({
      'GET /auth/session': ok({ user: organiser({ isVerified: false }) }),
      'GET /events/types': ok([]),
    });
    renderPage();
    await screen.findByRole('heading', { name: c.pageTitle });

    expect(screen.getByRole('switch', { name: f.attendeePaysFees })).toBeDisabled();
    expect(within(screen.getByRole('note')).getByText(organiserFr.verifiedOnlyNote)).toBeInTheDocument();
  });
});
