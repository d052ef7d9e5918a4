import { accountFr } from '@guichet/shared';
import { describe, expect, it } from 'vitest';
import { cookieHeader, createUser, PASSWORD } from '../../../test/helpers';
import { useTestApp } from '../../../test/use-test-app';

const t = useTestApp();

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function loginFrom(email: string, userAgent: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  return cookieHeader(response);
}
const call = (method: 'GET' | 'DELETE' | 'POST', url: string, cookie?: string) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
const isLoggedIn = async (cookie: string) => (await call('GET', '/api/auth/me', cookie)).statusCode === 200;

describe('the account’s sessions', () => {
  it('lists each device, this one first, and ends one of the others', async () => {
    const user = await createUser(t);
    const laptop = await loginFrom(user.email, LAPTOP);
    const phone = await loginFrom(user.email, PHONE);
    const list = (await call('GET', '/api/me/sessions', laptop)).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, device: expect.stringContaining('Firefox') });
    expect(list[1]).toMatchObject({ current: false, device: expect.stringContaining('Android') });
    expect(JSON.stringify(list)).not.toContain(phone.split('=')[1]);

    const ended = await call('DELETE', `/api/me/sessions/${list[1].id}`, laptop);
    expect(ended.json()).toEqual({ message: accountFr.settings.sessions.ended });
    expect(await isLoggedIn(phone)).toBe(false);
    expect(await isLoggedIn(laptop)).toBe(true);
    expect((await call('DELETE', `/api/me/sessions/${list[1].id}`, laptop)).statusCode).toBe(404);
  });

  it('ends every other session at once, and never someone else’s', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const here = await loginFrom(user.email, LAPTOP);
    const there = [await loginFrom(user.email, PHONE), await loginFrom(user.email, PHONE)];
    const stranger = await loginFrom(other.email, PHONE);
    const strangers = (await call('GET', '/api/me/sessions', stranger)).json();
    expect((await call('DELETE', `/api/me/sessions/${strangers[0].id}`, here)).statusCode).toBe(404);

    const answer = await call('POST', '/api/me/sessions/end-others', here);
    expect(answer.json()).toEqual({ message: accountFr.settings.sessions.othersEnded });
    for (const cookie of there) expect(await isLoggedIn(cookie)).toBe(false);
    expect(await isLoggedIn(here)).toBe(true);
    expect(await isLoggedIn(stranger)).toBe(true);
  });

  it('is for the logged-in owner only', async () => {
    expect((await call('GET', '/api/me/sessions')).statusCode).toBe(401);
    expect((await call('POST', '/api/me/sessions/end-others')).statusCode).toBe(401);
  });
});
