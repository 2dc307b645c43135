import type { Kysely } from 'kysely';

/**
 * 0056 (idempotency module, issue 24): a field app retries a write whose answer it never got.
 * One row per member and `Idempotency-Key`: `pending` while the first request runs, `committed`
 * once its transaction wrote (set inside that transaction), `done` with the answer to repeat.
 * Kept 8 days (the issue asks for at least 7), pruned daily by `created_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    // The request the key was first used for ("POST /api/trees"): another request may not reuse it.
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'idem_key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
