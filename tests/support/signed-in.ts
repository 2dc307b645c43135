import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, NewUser } from '../../server/db/tables';
import { insertUser } from './factories';

export const TEST_PASSWORD = 'green-canopy-42';
/**
 * TEST_PASSWORD as argon2id, made ahead and at the lowest cost (1 MiB, 1 pass): argon2id is slow
 * on purpose, and verifying reads the cost from the stored hash, so each sign-in below still goes
 * through the real login for a fraction of a millisecond. Registering and changing a password
 * still hash at the production cost (lib/passwords.ts).
 */
export const TEST_PASSWORD_HASH =
  '$argon2id$v=19$m=1024,t=1,p=1$mw2o8nR4gddJ2POugRn8UA$/baiTpnoa7xTXSArIyxogZ3tyMHZOqD/9MwTNF0Vynk';

/** A verified member with TEST_PASSWORD, signed in through the real login endpoint. */
export async function signedInUser(
  app: FastifyInstance,
  db: Kysely<Database>,
  overrides: Partial<NewUser> = {},
) {
  const user = await insertUser(db, {
    password_hash: TEST_PASSWORD_HASH,
    ...overrides,
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const token = (res.json() as { result: { token: string } }).result.token;
  return { user, token, headers: { 'x-auth-token': token } };
}
