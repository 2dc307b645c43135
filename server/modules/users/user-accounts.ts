import type { NewUser, UserRow } from '../../db/tables';
import type { Tx, UnitOfWork } from '../../db/unit-of-work';
import { verifyPassword } from '../../lib/passwords';
import type { usersRepository } from './users.repository';

/**
 * The account methods other modules call (auth: sign-up, sign-in, verification, passwords). The
 * users module is the only writer of `users`; each method runs in `tx` when given one, so a caller's
 * transaction covers its own rows and the user row alike.
 */
export function userAccounts(deps: { uow: UnitOfWork; repo: typeof usersRepository }) {
  const on = (tx?: Tx) => deps.repo(tx?.db ?? deps.uow.db);

  return {
    findByEmail: (email: string, tx?: Tx): Promise<UserRow | undefined> =>
      on(tx).findByEmail(email),

    findById: (id: string, tx?: Tx): Promise<UserRow | undefined> => on(tx).findById(id),

    /** Whether any account has this username, ignoring case. */
    usernameTaken: async (username: string, tx?: Tx): Promise<boolean> =>
      Boolean(await on(tx).findIdByUsername(username)),

    /** A new account; the unique indexes refuse a taken email or username (the caller says which). */
    create: async (user: NewUser, tx?: Tx): Promise<void> => {
      await on(tx).insert(user);
    },

    /** True only the first time: an already verified account is left as it is. */
    markVerified: (userId: string, at: string, tx?: Tx): Promise<boolean> =>
      on(tx).markVerified(userId, at),

    /** Stores a new password hash (lib/passwords' `hashPassword`). */
    setPasswordHash: async (
      userId: string,
      passwordHash: string,
      at: string,
      tx?: Tx,
    ): Promise<void> => {
      await on(tx).setPasswordHash(userId, passwordHash, at);
    },

    /** Whether `password` is the account's password now (read afresh, never from a cache). */
    async checkPassword(userId: string, password: string, tx?: Tx): Promise<boolean> {
      const user = await on(tx).findById(userId);
      return !!user && verifyPassword(user.password_hash, password);
    },
  };
}
/** What auth needs from the users module (the users service provides it). */
export type UserAccounts = ReturnType<typeof userAccounts>;
