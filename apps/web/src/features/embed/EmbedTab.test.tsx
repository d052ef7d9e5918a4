import { embedFr } from '@guichet/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { EmbedTab } from './EmbedTab';

const m = embedFr.console;
const SETTINGS = 'GET /console/events/evt-1/embed';
const SAVE = 'PUT /console/events/evt-1/embed';

describe('the Intégration tab', () => {
  it('says that no site may show the shop yet, and gives both snippets', async () => {
    stubApi({ [SETTINGS]: ok({ domains: [] }) });
    renderApp(<EmbedTab eventId="evt-1" />);
    expect(await screen.findByText(m.noDomains)).toBeInTheDocument();
    expect(
      screen.getByText(/<script src="http:\/\/localhost(:\d+)?\/embed\.js" data-event="evt-1" async><\/script>/),
    ).toBeInTheDocument();
    expect(screen.getByText(/<iframe src="http:\/\/localhost(:\d+)?\/embed\/billetterie\/evt-1"/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `${m.copy} : ${m.scriptLabel}` })).toBeInTheDocument();
  });

  it('refuses a host that is not one without asking the server', async () => {
    const api = stubApi({ [SETTINGS]: ok({ domains: [] }) });
    const { user } = renderApp(<EmbedTab eventId="evt-1" />);
    const field = await screen.findByLabelText(m.domainsLabel);
    await user.type(field, 'www.club-astro.fr{Enter}mon site.fr');
    await user.click(screen.getByRole('button', { name: m.save }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(embedFr.domains.invalid('mon site.fr')));
    expect(api.bodiesOf(SAVE)).toEqual([]);
  });

  it('sends the hosts as the server keeps them, and shows its refusal in the field', async () => {
    let refuse = false;
    const api = stubApi({
      [SETTINGS]: ok({ domains: ['ancien.example.org'] }),
      [SAVE]: () =>
        refuse
          ? refusal(400, 'VALIDATION_ERROR', embedFr.domains.tooMany(20), { field: 'domains' })
          : ok({ domains: ['www.club-astro.fr'] }),
    });
    const { user } = renderApp(<EmbedTab eventId="evt-1" />);
    const field = await screen.findByLabelText(m.domainsLabel);
    expect(field).toHaveValue('ancien.example.org');
    await user.clear(field);
    await user.type(field, 'https://WWW.Club-Astro.fr/{Enter}www.club-astro.fr');
    await user.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByText(m.saved)).toBeInTheDocument();
    expect(api.bodiesOf(SAVE)).toEqual([{ domains: ['www.club-astro.fr'] }]);
    expect(field).toHaveValue('www.club-astro.fr');
    refuse = true;
    await user.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByText(embedFr.domains.tooMany(20))).toBeInTheDocument();
  });
});
