import { fr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { follows } from '../db/schema';

const t = useTestApp({ config: { publicUrl: 'https://billetterie.example.fr' } });

describe('writes from another origin', () => {
  it('are refused when a page of another origin sends them with the session, and change nothing', async () => {
    const [fan, star] = [await createUser(t), await createUser(t, { isPublic: true })];
    const cookie = await loginAs(t, fan.email);
    const follow = (origin?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/users/${star.id}/follow`,
        headers: { cookie, 'content-type': 'text/plain', host: 'billetterie.example.fr', ...(origin && { origin }) },
        payload: '',
      });
    for (const origin of [
      'http://localhost:3001',
      'https://evil.example.fr',
      'https://autre.billetterie.example.fr',
      'null',
    ]) {
      const refused = await follow(origin);
      expect(refused.statusCode, origin).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'CROSS_ORIGIN', message: fr.common.crossOrigin });
    }
    expect(await t.database.db.select().from(follows).where(eq(follows.followerId, fan.id))).toHaveLength(0);

    // The site's own pages, by its configured address or as the browser reached it, and clients without an Origin.
    expect((await follow('https://billetterie.example.fr')).statusCode).toBeLessThan(300);
    const local = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${star.id}/follow`,
      headers: { cookie, host: '192.168.1.20:3000', origin: 'http://192.168.1.20:3000' },
    });
    expect(local.statusCode).toBeLessThan(300);
    expect((await follow()).statusCode).toBeLessThan(300);
  });

  it('leave reads alone', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { origin: 'https://evil.example.fr' },
    });
    expect(response.statusCode).toBe(200);
  });
});
