import { randomUUID } from 'node:crypto';
import { fr, staffFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCookie, createUser, loginAs } from '../../../test/helpers';
import { doorEvent, participationWithCode } from '../../../test/modules/checkin/support';
import { useTestApp } from '../../../test/use-test-app';
import { eventStaff, mailOutbox } from '../../db/schema';

const t = useTestApp();

const m = staffFr;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

describe('the staff of an event', () => {
  it('adds an existing account by e-mail (spaces and capitals ignored), e-mails them, lists the organiser first', async () => {
    const { organizer, event } = await doorEvent(t);
    const cookie = await loginAs(t, organizer.email);
    const member = await createUser(t, { firstName: 'Sam', lastName: 'Portier' });

    const added = await call('POST', `/api/console/events/${event.id}/staff`, cookie, {
      email: `  ${member.email.toUpperCase()} `,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ userId: member.id, status: 'staff', scannedCount: 0 });

    const list = await call('GET', `/api/console/events/${event.id}/staff`, cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: { userId: string; status: string }) => [s.userId, s.status])).toEqual([
      [organizer.id, 'admin'],
      [member.id, 'staff'],
    ]);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, member.email));
    expect(mail?.subject).toBe(m.mailSubject(t.config.brandName, event.title));
    expect(mail?.text).toContain(`${t.config.publicUrl}/scan/${event.id}`);
  });

  it('says why an addition is refused, and writes nothing', async () => {
    const { organizer, event } = await doorEvent(t);
    const cookie = await loginAs(t, organizer.email);
    const member = await createUser(t);
    const url = `/api/console/events/${event.id}/staff`;
    const cases: [object, number, string][] = [
      [{ email: '' }, 400, m.emailInvalid],
      [{}, 400, m.emailInvalid],
      [{ email: 'pas-un-mail' }, 400, m.emailInvalid],
      [{ email: 'personne@nulle-part.fr' }, 404, m.unknownAccount],
      [{ email: organizer.email }, 409, m.isOrganizer],
    ];
    for (const [payload, status, message] of cases) {
      const response = await call('POST', url, cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect((await call('POST', url, cookie, { email: member.email })).statusCode).toBe(201);
    const again = await call('POST', url, cookie, { email: member.email });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.alreadyStaff);
    expect(await t.database.db.select().from(eventStaff).where(eq(eventStaff.eventId, event.id))).toHaveLength(1);
  });

  it('removes a member, who can no longer scan', async () => {
    const { organizer, event, ticket } = await doorEvent(t);
    const cookie = await loginAs(t, organizer.email);
    const member = await createUser(t);
    await call('POST', `/api/console/events/${event.id}/staff`, cookie, { email: member.email });
    const memberCookie = await loginAs(t, member.email);
    const { code } = await participationWithCode(t, event.id, ticket.id, 2);
    const scan = () => call('POST', `/api/checkin/events/${event.id}/scans`, memberCookie, { code });
    expect((await scan()).statusCode).toBe(200);

    expect((await call('DELETE', `/api/console/events/${event.id}/staff/${member.id}`, cookie)).statusCode).toBe(204);
    expect((await scan()).statusCode).toBe(403);
    const gone = await call('DELETE', `/api/console/events/${event.id}/staff/${member.id}`, cookie);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(m.notStaff);
  });

  it("shows a member's scans, newest first: to the organiser, and to the member their own only", async () => {
    const { organizer, event, ticket } = await doorEvent(t);
    const cookie = await loginAs(t, organizer.email);
    const [door1, door2] = [await createUser(t), await createUser(t)];
    for (const member of [door1, door2]) {
      await call('POST', `/api/console/events/${event.id}/staff`, cookie, { email: member.email });
    }
    const door1Cookie = await loginAs(t, door1.email);
    const first = await participationWithCode(t, event.id, ticket.id, 1, { firstName: 'Anna', lastName: 'Zed' });
    const second = await participationWithCode(t, event.id, ticket.id, 1, { firstName: 'Bob', lastName: 'Alpha' });
    for (const { code } of [first, second]) {
      await call('POST', `/api/checkin/events/${event.id}/scans`, door1Cookie, { code });
    }
    const scans = await call('GET', `/api/console/events/${event.id}/staff/${door1.id}/scans`, cookie);
    expect(scans.statusCode).toBe(200);
    expect(scans.json().map((s: { lastName: string }) => s.lastName)).toEqual(['Alpha', 'Zed']);
    const list = (await call('GET', `/api/console/events/${event.id}/staff`, cookie)).json();
    expect(list.find((s: { userId: string }) => s.userId === door1.id).scannedCount).toBe(2);

    expect((await call('GET', `/api/console/events/${event.id}/staff/${door1.id}/scans`, door1Cookie)).statusCode).toBe(
      200,
    );
    const door2Cookie = await loginAs(t, door2.email);
    expect((await call('GET', `/api/console/events/${event.id}/staff/${door1.id}/scans`, door2Cookie)).statusCode).toBe(
      404,
    );
    const own = await call('GET', `/api/console/events/${event.id}/staff/${door2.id}/scans`, door2Cookie);
    expect(own.json()).toEqual([]);
  });

  it('is managed by the verified organiser and the administrator only', async () => {
    const { organizer, event } = await doorEvent(t);
    const member = await createUser(t);
    const ownerCookie = await loginAs(t, organizer.email);
    await call('POST', `/api/console/events/${event.id}/staff`, ownerCookie, { email: member.email });
    const url = `/api/console/events/${event.id}/staff`;
    const admin = await adminCookie(t);
    const stranger = await loginAs(t, (await createUser(t, { isVerified: true })).email);
    const staff = await loginAs(t, member.email);

    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, admin)).statusCode).toBe(200);
    for (const cookie of [stranger, staff]) {
      const refused = await call('GET', url, cookie);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'EVENT_NOT_FOUND', message: fr.events.notFoundText });
      expect((await call('POST', url, cookie, { email: member.email })).statusCode).toBe(404);
    }
    // A creator who is not verified runs no staff (2-organiser.md §6).
    const creator = await createUser(t);
    const { event: party } = await doorEvent(t);
    await t.database.db.execute(`update events set organizer_id = '${creator.id}' where id = '${party.id}'`);
    expect(
      (await call('GET', `/api/console/events/${party.id}/staff`, await loginAs(t, creator.email))).statusCode,
    ).toBe(404);
    for (const bad of ['not-a-uuid', randomUUID()]) {
      expect((await call('GET', `/api/console/events/${bad}/staff`, admin)).statusCode).toBe(404);
    }
  });
});
