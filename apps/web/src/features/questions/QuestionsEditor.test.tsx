import { type QuestionView, questionsFr } from '@guichet/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, refusal, stubApi } from '../../../test/fetch-stub';
import { managed, savedTicket } from '../../../test/organiser-fixtures';
import { label, renderApp } from '../../../test/render-app';
import { QuestionsEditor } from './QuestionsEditor';

const m = questionsFr;
const LIST = 'GET /console/events/evt-1/questions';

const question = (extra: Partial<QuestionView> = {}): QuestionView => ({
  id: 'q-1',
  label: 'Taille de t-shirt',
  kind: 'choice',
  choices: ['S', 'M', 'L'],
  isRequired: true,
  scope: 'place',
  ticketId: 't-fosse',
  ...extra,
});

const event = managed({ tickets: [savedTicket('t-fosse', 'Fosse')] });

describe('the organiser’s question editor', () => {
  it('lists the questions with their kind, scope, ticket and whether they are required', async () => {
    stubApi({
      [LIST]: ok({
        items: [
          question(),
          question({
            id: 'q-2',
            label: '=Régime',
            kind: 'longText',
            choices: [],
            isRequired: false,
            scope: 'order',
            ticketId: null,
          }),
        ],
      }),
    });
    renderApp(<QuestionsEditor event={event} />);

    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Taille de t-shirt')).toBeInTheDocument();
    expect(first.getByText(m.kinds.choice)).toBeInTheDocument();
    expect(first.getByText(m.scopes.place)).toBeInTheDocument();
    expect(first.getByText('Fosse')).toBeInTheDocument();
    expect(first.getByText(m.editor.requiredBadge)).toBeInTheDocument();
    expect(first.getByText('S · M · L')).toBeInTheDocument();
    const second = within(items[1] as HTMLElement);
    // The organiser's text is shown as typed, never interpreted.
    expect(second.getByText('=Régime')).toBeInTheDocument();
    expect(second.getByText(m.editor.allTickets)).toBeInTheDocument();
    expect(second.queryByText(m.editor.requiredBadge)).not.toBeInTheDocument();
  });

  it('checks a new question as the server does, then sends it and says so', async () => {
    const api = stubApi({
      [LIST]: ok({ items: [] }),
      'POST /console/events/evt-1/questions': ({ body }) =>
        ok({ question: { ...question(), ...(body as object), id: 'q-3' }, message: m.editor.created }),
    });
    const { user } = renderApp(<QuestionsEditor event={event} />);
    expect(await screen.findByText(m.editor.empty)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: m.editor.add }));
    const dialog = within(await screen.findByRole('dialog', { name: m.editor.add }));
    await user.click(dialog.getByRole('button', { name: m.editor.save }));
    expect(dialog.getByLabelText(label(m.editor.label))).toHaveAccessibleDescription(m.errors.labelRequired);
    expect(api.bodiesOf('POST /console/events/evt-1/questions')).toEqual([]);

    await user.type(dialog.getByLabelText(label(m.editor.label)), 'Allergies');
    await user.click(dialog.getByRole('switch', { name: m.editor.required }));
    await user.click(dialog.getByRole('button', { name: m.editor.save }));

    await vi.waitFor(() => expect(api.bodiesOf('POST /console/events/evt-1/questions')).toHaveLength(1));
    expect(api.bodiesOf('POST /console/events/evt-1/questions')[0]).toEqual({
      label: 'Allergies',
      kind: 'shortText',
      choices: [],
      isRequired: true,
      scope: 'order',
      ticketId: null,
    });
    expect(await screen.findByText(m.editor.created)).toBeInTheDocument();
  });

  it('edits a choice question, its choices one per line, and shows the server’s refusal', async () => {
    const api = stubApi({
      [LIST]: ok({ items: [question()] }),
      'PATCH /console/events/evt-1/questions/q-1': refusal(400, 'BAD_REQUEST', m.errors.choiceDuplicate),
    });
    const { user } = renderApp(<QuestionsEditor event={event} />);
    await user.click(await screen.findByRole('button', { name: `${m.editor.edit} : Taille de t-shirt` }));
    const dialog = within(await screen.findByRole('dialog', { name: m.editor.edit }));
    const choices = dialog.getByLabelText(label(m.editor.choices));
    expect(choices).toHaveValue('S\nM\nL');
    await user.type(choices, '{enter}XL');
    await user.click(dialog.getByRole('button', { name: m.editor.save }));

    await vi.waitFor(() => expect(api.bodiesOf('PATCH /console/events/evt-1/questions/q-1')).toHaveLength(1));
    expect(api.bodiesOf('PATCH /console/events/evt-1/questions/q-1')[0]).toMatchObject({
      kind: 'choice',
      choices: ['S', 'M', 'L', 'XL'],
      scope: 'place',
      ticketId: 't-fosse',
    });
    expect(await dialog.findByText(m.errors.choiceDuplicate)).toBeInTheDocument();
  });
});
