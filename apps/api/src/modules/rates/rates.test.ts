import { describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/helpers';
import { useTestApp } from '../../../test/use-test-app';

const t = useTestApp();

describe('GET /api/rates', () => {
  it('answers the standard rate to a visitor and to an organiser without a rate of their own', async () => {
    expect((await t.app.inject({ url: '/api/rates' })).json()).toEqual({
      rateBps: 180,
      fixedCents: 30,
      isStandard: true,
    });
    const organiser = await createUser(t, { isVerified: true });
    const cookie = await loginAs(t, organiser.email);
    expect((await t.app.inject({ url: '/api/rates', headers: { cookie } })).json()).toMatchObject({
      rateBps: 180,
      fixedCents: 30,
    });
  });

  it('answers an organiser their reduced rate', async () => {
    const organiser = await createUser(t, { isVerified: true, commissionRateBps: 140, commissionFixedCents: 25 });
    const cookie = await loginAs(t, organiser.email);
    expect((await t.app.inject({ url: '/api/rates', headers: { cookie } })).json()).toEqual({
      rateBps: 140,
      fixedCents: 25,
      isStandard: false,
    });
  });
});
