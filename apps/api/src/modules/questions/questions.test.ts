import { followUpFr, type QuestionView, questionsFr } from '@guichet/shared';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, getAs, loginAs } from '../../../test/helpers';
import { payAtSandboxBank, postOrder } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { events, orders, participations } from '../../db/schema';

// Attendee questions (issue 30): the organiser asks, the booking answers with the same checks on
// the server, the console and the exports show the answers, the buyer changes them until the deadline.
const t = useTestApp();
const m = questionsFr;

async function organiserEvent(values: Partial<typeof events.$inferInsert> = {}) {
  const organizer = await createUser(t, { isVerified: true });
  const { event, tickets } = await createEvent(t, organizer.id, values, [
    { title: 'Fosse', priceCents: 1000, quantity: 20 },
    { title: 'Balcon', priceCents: 2000, quantity: 20 },
  ]);
  return {
    organizer,
    event,
    fosse: tickets[0]?.id ?? '',
    balcon: tickets[1]?.id ?? '',
    owner: await loginAs(t, organizer.email),
  };
}

const questionsUrl = (eventId: string) => `/api/console/events/${eventId}/questions`;

async function addQuestion(cookie: string, eventId: string, payload: object) {
  return t.app.inject({ method: 'POST', url: questionsUrl(eventId), headers: { cookie }, payload });
}

async function asked(cookie: string, eventId: string, payload: object): Promise<QuestionView> {
  const response = await addQuestion(cookie, eventId, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().question;
}

describe('the organiser’s questions', () => {
  it('are added, listed in order, changed and deleted by the event’s organiser only', async () => {
    const { event, fosse, owner } = await organiserEvent();
    const created = await addQuestion(owner, event.id, {
      label: '  Taille de t-shirt ',
      kind: 'choice',
      choices: [' S', 'M ', '', 'L'],
      isRequired: true,
      scope: 'place',
      ticketId: fosse,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      message: m.editor.created,
      question: {
        label: 'Taille de t-shirt',
        choices: ['S', 'M', 'L'],
        isRequired: true,
        scope: 'place',
        ticketId: fosse,
      },
    });
    const second = await asked(owner, event.id, { label: 'Régime alimentaire', kind: 'longText', choices: ['x'] });
    expect(second).toMatchObject({ choices: [], scope: 'order', isRequired: false, ticketId: null });

    const list = (await getAs(t, questionsUrl(event.id), owner)).json();
    expect(list.items.map((q: QuestionView) => q.label)).toEqual(['Taille de t-shirt', 'Régime alimentaire']);

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `${questionsUrl(event.id)}/${second.id}`,
      headers: { cookie: owner },
      payload: { label: 'Allergies', kind: 'shortText', isRequired: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: m.editor.updated,
      question: { label: 'Allergies', kind: 'shortText' },
    });

    const stranger = await loginAs(t, (await createUser(t, { isVerified: true })).email);
    expect((await getAs(t, questionsUrl(event.id), stranger)).statusCode).toBe(404);
    expect((await addQuestion(stranger, event.id, { label: 'Intrus', kind: 'yesNo' })).statusCode).toBe(404);
    const strangerDelete = await t.app.inject({
      method: 'DELETE',
      url: `${questionsUrl(event.id)}/${second.id}`,
      headers: { cookie: stranger },
    });
    expect(strangerDelete.statusCode).toBe(404);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${questionsUrl(event.id)}/${second.id}`,
      headers: { cookie: owner },
    });
    expect(deleted.statusCode).toBe(204);
    const after = (await getAs(t, questionsUrl(event.id), owner)).json();
    expect(after.items.map((q: QuestionView) => q.label)).toEqual(['Taille de t-shirt']);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `${questionsUrl(event.id)}/${second.id}`,
      headers: { cookie: owner },
    });
    expect(again.json()).toMatchObject({ code: 'QUESTION_NOT_FOUND', message: m.errors.notFound });
  });

  it('refuses a bad question with the editor’s French message, and a 31st question', async () => {
    const { event, owner } = await organiserEvent();
    const other = await organiserEvent();
    const cases: [object, string, string][] = [
      [{ label: '   ', kind: 'shortText' }, m.errors.labelRequired, 'label'],
      [{ label: 'A'.repeat(201), kind: 'shortText' }, m.errors.labelTooLong(200), 'label'],
      [{ label: 'Menu', kind: 'choice', choices: [' '] }, m.errors.choicesRequired, 'choices'],
      [
        { label: 'Menu', kind: 'multipleChoice', choices: Array.from({ length: 51 }, (_, i) => `C${i}`) },
        m.errors.tooManyChoices(50),
        'choices',
      ],
      [{ label: 'Menu', kind: 'choice', choices: ['B'.repeat(101)] }, m.errors.choiceTooLong(100), 'choices'],
      [{ label: 'Menu', kind: 'choice', choices: ['Viande', ' Viande'] }, m.errors.choiceDuplicate, 'choices'],
      [{ label: 'Menu', kind: 'shortText', ticketId: other.fosse }, m.errors.ticketUnknown, 'ticketId'],
    ];
    for (const [payload, message, field] of cases) {
      const response = await addQuestion(owner, event.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ message, field });
    }
    expect((await addQuestion(owner, event.id, { label: 'Quoi', kind: 'colour' })).statusCode).toBe(400);
    for (let i = 0; i < 30; i++) await asked(owner, event.id, { label: `Question ${i + 1}`, kind: 'yesNo' });
    const tooMany = await addQuestion(owner, event.id, { label: 'Une de trop', kind: 'yesNo' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: 'TOO_MANY_QUESTIONS', message: m.errors.tooManyQuestions(30) });
  });
});

/** An event asking a required text once per order, a required choice per Fosse place and optional checks per place. */
async function questionnaire(values: Partial<typeof events.$inferInsert> = {}) {
  const setup = await organiserEvent(values);
  const { event, fosse, owner } = setup;
  const q = {
    company: await asked(owner, event.id, { label: 'Entreprise', kind: 'shortText', isRequired: true }),
    size: await asked(owner, event.id, {
      label: 'Taille de t-shirt',
      kind: 'choice',
      choices: ['S', 'M', 'L'],
      isRequired: true,
      scope: 'place',
      ticketId: fosse,
    }),
    meals: await asked(owner, event.id, {
      label: 'Repas',
      kind: 'multipleChoice',
      choices: ['Midi', 'Soir'],
      scope: 'place',
    }),
    bus: await asked(owner, event.id, { label: 'Navette', kind: 'yesNo', scope: 'place' }),
    mail: await asked(owner, event.id, { label: 'E-mail du titulaire', kind: 'email', scope: 'place' }),
    phone: await asked(owner, event.id, { label: 'Téléphone', kind: 'phone', scope: 'place' }),
    born: await asked(owner, event.id, { label: 'Date de naissance', kind: 'date', scope: 'place' }),
    note: await asked(owner, event.id, { label: 'Remarque', kind: 'longText' }),
  };
  const buyer = await createUser(t, { firstName: 'Alix', lastName: 'Acheteur' });
  return { ...setup, q, buyer, cookie: await loginAs(t, buyer.email) };
}

type Setup = Awaited<ReturnType<typeof questionnaire>>;

function orderOf(s: Setup, answers: object, places: object[]) {
  return postOrder(t, s.cookie, {
    eventId: s.event.id,
    acceptTerms: true,
    answers,
    lines: [{ ticketId: s.fosse, quantity: places.length, answers: places }],
  });
}

async function paidOrder(s: Setup) {
  const created = await orderOf(s, { [s.q.company.id]: ' ACME ', [s.q.note.id]: 'Arrivée tardive' }, [
    { [s.q.size.id]: 'M', [s.q.meals.id]: ['Soir', 'Midi'], [s.q.bus.id]: true, [s.q.mail.id]: 'camille@example.fr' },
    { [s.q.size.id]: 'L', [s.q.bus.id]: false, [s.q.phone.id]: '+33 6 12 34 56 78', [s.q.born.id]: '2001-02-28' },
  ]);
  expect(created.statusCode, created.body).toBe(201);
  await payAtSandboxBank(t, created.json().id, { cookie: s.cookie });
  return created.json().id as string;
}

describe('answering at booking', () => {
  it('refuses missing, too long, mistyped or out-of-list answers with one French message naming the question; nothing is written', async () => {
    const s = await questionnaire();
    const good = { [s.q.size.id]: 'S' };
    const cases: [object, object[], string, string][] = [
      [{}, [good], m.answers.required('Entreprise'), `answers.${s.q.company.id}`],
      [{ [s.q.company.id]: '   ' }, [good], m.answers.required('Entreprise'), `answers.${s.q.company.id}`],
      [
        { [s.q.company.id]: 'A'.repeat(201) },
        [good],
        m.answers.tooLong('Entreprise', 200),
        `answers.${s.q.company.id}`,
      ],
      [
        { [s.q.company.id]: 'ACME', [s.q.note.id]: 'B'.repeat(1001) },
        [good],
        m.answers.tooLong('Remarque', 1000),
        `answers.${s.q.note.id}`,
      ],
      [{ [s.q.company.id]: true }, [good], m.answers.wrongType('Entreprise'), `answers.${s.q.company.id}`],
      [
        { [s.q.company.id]: 'ACME' },
        [good, {}],
        m.answers.required('Taille de t-shirt'),
        `lines.0.answers.1.${s.q.size.id}`,
      ],
      [
        { [s.q.company.id]: 'ACME' },
        [{ [s.q.size.id]: 'XXL' }],
        m.answers.notInList('Taille de t-shirt'),
        `lines.0.answers.0.${s.q.size.id}`,
      ],
      [
        { [s.q.company.id]: 'ACME' },
        [{ ...good, [s.q.meals.id]: ['Brunch'] }],
        m.answers.notInList('Repas'),
        `lines.0.answers.0.${s.q.meals.id}`,
      ],
      [
        { [s.q.company.id]: 'ACME' },
        [{ ...good, [s.q.bus.id]: 'oui' }],
        m.answers.wrongType('Navette'),
        `lines.0.answers.0.${s.q.bus.id}`,
      ],
      [
        { [s.q.company.id]: 'ACME' },
        [{ ...good, [s.q.mail.id]: 'pas-un-mail' }],
        m.answers.email('E-mail du titulaire'),
        `lines.0.answers.0.${s.q.mail.id}`,
      ],
      [
        { [s.q.company.id]: 'ACME' },
        [{ ...good, [s.q.phone.id]: '12' }],
        m.answers.phone('Téléphone'),
        `lines.0.answers.0.${s.q.phone.id}`,
      ],
      [
        { [s.q.company.id]: 'ACME' },
        [{ ...good, [s.q.born.id]: '2001-02-30' }],
        m.answers.date('Date de naissance'),
        `lines.0.answers.0.${s.q.born.id}`,
      ],
      [{ [s.q.company.id]: 'ACME', [s.q.size.id]: 'S' }, [good], m.errors.unknownQuestion, 'answers'],
    ];
    for (const [answers, places, message, field] of cases) {
      const response = await orderOf(s, answers, places);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toMatchObject({ message, field });
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.eventId, s.event.id))).toHaveLength(0);
    expect(
      await t.database.db.select().from(participations).where(eq(participations.eventId, s.event.id)),
    ).toHaveLength(0);
  });

  it('keeps the answers trimmed, the order’s once and each place’s on its ticket; a Balcon place is not asked the Fosse’s question', async () => {
    const s = await questionnaire();
    const orderId = await paidOrder(s);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.answers).toEqual({ [s.q.company.id]: 'ACME', [s.q.note.id]: 'Arrivée tardive' });
    const places = await t.database.db.select().from(participations).where(eq(participations.orderId, orderId));
    expect(places.map((p) => p.answers)).toEqual(
      expect.arrayContaining([
        {
          [s.q.size.id]: 'M',
          [s.q.meals.id]: ['Soir', 'Midi'],
          [s.q.bus.id]: true,
          [s.q.mail.id]: 'camille@example.fr',
        },
        { [s.q.size.id]: 'L', [s.q.bus.id]: false, [s.q.phone.id]: '+33 6 12 34 56 78', [s.q.born.id]: '2001-02-28' },
      ]),
    );
    const balcon = await postOrder(t, s.cookie, {
      eventId: s.event.id,
      acceptTerms: true,
      answers: { [s.q.company.id]: 'ACME' },
      lines: [{ ticketId: s.balcon, quantity: 1 }],
    });
    expect(balcon.statusCode, balcon.body).toBe(201);
  });

  it('shows the event’s questions on its page for the booking form', async () => {
    const s = await questionnaire();
    const page = (await getAs(t, `/api/events/${s.event.id}`, s.cookie)).json();
    expect(page.questions.map((q: QuestionView) => q.label)).toEqual([
      'Entreprise',
      'Taille de t-shirt',
      'Repas',
      'Navette',
      'E-mail du titulaire',
      'Téléphone',
      'Date de naissance',
      'Remarque',
    ]);
  });
});

describe('the answers in the console and the exports', () => {
  it('shows each place’s answers and its order’s in the participant’s detail', async () => {
    const s = await questionnaire();
    await paidOrder(s);
    const list = (await getAs(t, `/api/console/events/${s.event.id}/participants`, s.owner)).json();
    expect(list.items).toHaveLength(1);
    const [row] = list.items;
    expect(row.orderAnswers).toEqual([
      { questionId: s.q.company.id, label: 'Entreprise', text: 'ACME' },
      { questionId: s.q.note.id, label: 'Remarque', text: 'Arrivée tardive' },
    ]);
    const texts = row.places.map((p: { answers: { label: string; text: string }[] }) =>
      p.answers.map((a) => `${a.label}: ${a.text}`),
    );
    expect(texts).toEqual(
      expect.arrayContaining([
        ['Taille de t-shirt: M', 'Repas: Soir, Midi', 'Navette: Oui', 'E-mail du titulaire: camille@example.fr'],
        ['Taille de t-shirt: L', 'Navette: Non', 'Téléphone: +33 6 12 34 56 78', 'Date de naissance: 28/02/2001'],
      ]),
    );
  });

  it('writes one column per question, headed by its label, hostile text neutralised', async () => {
    const s = await questionnaire();
    await asked(s.owner, s.event.id, { label: '=Formule', kind: 'shortText', scope: 'place' });
    const created = await orderOf(s, { [s.q.company.id]: '=HYPERLINK("//x.fr")' }, [{ [s.q.size.id]: 'S' }]);
    expect(created.statusCode, created.body).toBe(201);
    await payAtSandboxBank(t, created.json().id, { cookie: s.cookie });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/console/events/${s.event.id}/export.csv`,
      headers: { cookie: s.owner },
    });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = parse(response.body, { delimiter: ';', bom: true }) as string[][];
    const standard = Object.values(followUpFr.exportHeaders);
    expect(header?.slice(0, standard.length)).toEqual(standard);
    expect(header?.slice(standard.length)).toEqual([
      'Entreprise',
      'Taille de t-shirt',
      'Repas',
      'Navette',
      'E-mail du titulaire',
      'Téléphone',
      'Date de naissance',
      'Remarque',
      "'=Formule",
    ]);
    expect(rows).toHaveLength(1);
    const row = rows[0] ?? [];
    expect(row[standard.length]).toBe(`'=HYPERLINK("//x.fr")`);
    expect(row[standard.length + 1]).toBe('S');
  });
});

describe('changing the answers from /myTickets', () => {
  it('is the buyer’s until the deadline, with the booking’s checks; nobody else’s', async () => {
    const s = await questionnaire({ holdersEditableUntil: new Date(Date.now() + 86_400_000) });
    const orderId = await paidOrder(s);
    const places = await t.database.db.select().from(participations).where(eq(participations.orderId, orderId));
    const id = places[0]?.id ?? '';
    const url = `/api/me/participations/${id}/answers`;
    const read = (await getAs(t, url, s.cookie)).json();
    expect(read.isEditable).toBe(true);
    expect(read.questions.map((q: QuestionView) => q.label)).toEqual([
      'Entreprise',
      'Remarque',
      'Taille de t-shirt',
      'Repas',
      'Navette',
      'E-mail du titulaire',
      'Téléphone',
      'Date de naissance',
    ]);
    const put = (cookie: string, answers: object) =>
      t.app.inject({ method: 'PUT', url, headers: { cookie }, payload: { answers } });

    const saved = await put(s.cookie, { [s.q.company.id]: 'Globex', [s.q.size.id]: 'S', [s.q.bus.id]: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: m.myTickets.saved,
      answers: { [s.q.company.id]: 'Globex', [s.q.size.id]: 'S', [s.q.bus.id]: true },
    });
    const [row] = await t.database.db.select().from(participations).where(eq(participations.id, id));
    expect(row?.answers).toEqual({ [s.q.size.id]: 'S', [s.q.bus.id]: true });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.answers).toEqual({ [s.q.company.id]: 'Globex' });

    const bad = await put(s.cookie, { [s.q.company.id]: 'Initech', [s.q.size.id]: 'XXL' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: m.answers.notInList('Taille de t-shirt'),
      field: `answers.${s.q.size.id}`,
    });
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(kept?.answers).toEqual({ [s.q.company.id]: 'Globex' });

    const stranger = await loginAs(t, (await createUser(t)).email);
    expect((await put(stranger, { [s.q.company.id]: 'Intrus' })).statusCode).toBe(404);
    expect((await getAs(t, url, stranger)).statusCode).toBe(404);

    await t.database.db
      .update(events)
      .set({ holdersEditableUntil: new Date(Date.now() - 60_000) })
      .where(eq(events.id, s.event.id));
    const late = await put(s.cookie, { [s.q.company.id]: 'Trop tard', [s.q.size.id]: 'M' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ANSWERS_DEADLINE_PASSED', message: m.myTickets.deadlinePassed });
    expect((await getAs(t, url, s.cookie)).json()).toMatchObject({ isEditable: false });
  });
});
