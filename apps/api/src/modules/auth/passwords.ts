import { hash, type Options, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
// 2 is Algorithm.Argon2id, a const enum that isolated modules cannot import.
const options: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check when the account does not exist, so timing reveals nothing. */
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password-Aa1', options);
  await verifyPassword(await dummyHash, password);
}
