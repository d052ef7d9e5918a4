import { type AttendeeMessage, attendeeMessagesFr, eventDatesFr, formatDateTime } from '@guichet/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleDate } from '../../../test/date-fixtures';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { MessagesTab } from './MessagesTab';

const m = attendeeMessagesFr;
const BASE = '/console/events/evt-1';
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
const sent = (progress: number): AttendeeMessage => ({
  id: 'msg-1',
  subject: 'Ouverture des portes',
  body: '<script>alert(1)</script>\nÀ ce soir.',
  audience: {},
  createdAt: '2030-05-01T10:00:00.000Z',
  senderName: 'Odile Martin',
  replyTo: 'odile@exemple.fr',
  recipients: 2,
  sent: progress === 100 ? 2 : 0,
  failed: 0,
  progress,
});

describe('the Messages tab', () => {
  it('checks the form before asking the server, previews the recipients, sends, and lists the message as text', async () => {
    let messages: AttendeeMessage[] = [];
    const api = stubApi({
      [`GET ${BASE}/door-tickets`]: ok([ticket]),
      [`GET ${BASE}/dates`]: ok([]),
      [`GET ${BASE}/messages/audience`]: ({ query }) =>
        ok({ recipients: query.get('checkin') === 'in' ? 0 : 2, perDay: 3 }),
      [`GET ${BASE}/messages`]: () => ok(messages),
      [`POST ${BASE}/messages`]: () => {
        messages = [sent(100)];
        return { status: 202, body: { id: 'msg-1' } };
      },
    });
    const { user } = renderApp(<MessagesTab eventId="evt-1" />);
    expect(await screen.findByText(m.preview(2))).toBeInTheDocument();
    expect(screen.getByText(m.empty)).toBeInTheDocument();
    await user.click(screen.getByText(m.checkinIn));
    expect(await screen.findByText(m.preview(0))).toBeInTheDocument();
    await user.click(screen.getByText(m.checkinAll));

    await user.click(screen.getByRole('button', { name: m.send }));
    expect(screen.getByLabelText(new RegExp(m.subject))).toHaveAccessibleDescription(m.subjectRequired);
    expect(api.bodiesOf(`POST ${BASE}/messages`)).toEqual([]);

    await user.type(screen.getByLabelText(new RegExp(m.subject)), 'Ouverture des portes');
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${m.body}`) }), 'Les portes ouvrent à 19 h.');
    await user.click(screen.getByRole('button', { name: m.send }));
    expect(await screen.findByText(m.sent)).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${BASE}/messages`)).toEqual([
      { subject: 'Ouverture des portes', body: 'Les portes ouvrent à 19 h.', audience: {} },
    ]);
    // Shown as text: the characters, not an element.
    expect(await screen.findByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument();
    expect(document.querySelector('script:not([src])')).toBeNull();
    expect(screen.getByText(m.progress(2, 2))).toBeInTheDocument();
    expect(screen.getByText(m.done)).toBeInTheDocument();
  });

  it('says the daily limit when the server refuses', async () => {
    stubApi({
      [`GET ${BASE}/door-tickets`]: ok([ticket]),
      [`GET ${BASE}/dates`]: ok([]),
      [`GET ${BASE}/messages/audience`]: ok({ recipients: 2, perDay: 3 }),
      [`GET ${BASE}/messages`]: ok([]),
      [`POST ${BASE}/messages`]: refusal(429, 'MESSAGE_LIMIT', m.limitReached(3)),
    });
    const { user } = renderApp(<MessagesTab eventId="evt-1" />);
    await user.type(await screen.findByLabelText(new RegExp(m.subject)), 'Objet');
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${m.body}`) }), 'Texte');
    await user.click(screen.getByRole('button', { name: m.send }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(m.limitReached(3)));
  });

  it('sends to the attendees of one date when the event has several', async () => {
    const saturday = consoleDate('d-sat', '2099-05-02T18:00:00.000Z');
    const api = stubApi({
      [`GET ${BASE}/door-tickets`]: ok([ticket]),
      [`GET ${BASE}/dates`]: ok([consoleDate('d-fri', '2099-05-01T18:00:00.000Z'), saturday]),
      [`GET ${BASE}/messages/audience`]: ({ query }) =>
        ok({ recipients: query.get('dateId') === 'd-sat' ? 1 : 2, perDay: 3 }),
      [`GET ${BASE}/messages`]: ok([]),
      [`POST ${BASE}/messages`]: { status: 202, body: { id: 'msg-2' } },
    });
    const { user } = renderApp(<MessagesTab eventId="evt-1" />);
    expect(await screen.findByText(m.preview(2))).toBeInTheDocument();
    await user.click(await screen.findByRole('textbox', { name: eventDatesFr.filter.label }));
    await user.click(await screen.findByRole('option', { name: formatDateTime(saturday.dateBegin) }));
    expect(await screen.findByText(m.preview(1))).toBeInTheDocument();
    await user.type(screen.getByLabelText(new RegExp(m.subject)), 'Samedi');
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${m.body}`) }), 'Les portes ouvrent à 19 h.');
    await user.click(screen.getByRole('button', { name: m.send }));
    await waitFor(() =>
      expect(api.bodiesOf(`POST ${BASE}/messages`)).toEqual([
        { subject: 'Samedi', body: 'Les portes ouvrent à 19 h.', audience: { dateId: 'd-sat' } },
      ]),
    );
  });
});
