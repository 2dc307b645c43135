import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, NewUser } from '../../server/db/tables';
import { hashPassword } from '../../server/lib/passwords';
import { insertUser } from './factories';

export const TEST_PASSWORD = 'green-canopy-42';
let passwordHash: Promise<string> | undefined;

/** A verified member with TEST_PASSWORD, signed in through the real login endpoint. */
export async function signedInUser(
  app: FastifyInstance,
  db: Kysely<Database>,
  overrides: Partial<NewUser> = {},
) {
  const user = await insertUser(db, {
    password_hash: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
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
