// The e2e Stripe deployment's stand-in for Stripe's API (see playwright.config.ts).
import { startFakeStripe } from '../apps/api/test/fake-stripe';

await startFakeStripe(Number(process.argv[2]));
