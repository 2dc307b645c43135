import { PostgresAdapter, type Kysely } from 'kysely';

// The mail outbox on both databases (every mail is a row, queued in the writing transaction and
// delivered by the 'mail' job); on SQLite also the jobs queue itself and the record of the
// schedules' last ticks. On PostgreSQL graphile-worker keeps its own tables (its own schema).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // At most one mail per key (a reminder, a notice): a second send with the key does nothing.
    .addColumn('key', 'text', (c) => c.unique())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    // Bodies are cleared once sent or failed, except where mail is kept for /dev/mail.
    .addColumn('text_body', 'text')
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mails_status_idx').on('mails').columns(['status']).execute();
  await db.schema.createIndex('mails_created_idx').on('mails').columns(['created_at']).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // At most one job per key that has not started: enqueueing the key again replaces it.
    .addColumn('key', 'text', (c) => c.unique())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    // pending → running → deleted when done; 'failed' once max_attempts is reached.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('locked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema
    .createTable('job_schedule_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    // The last minute (ISO, UTC) this schedule was enqueued for: a restart does not run it again.
    .addColumn('last_tick', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_schedule_runs').ifExists().execute();
  await db.schema.dropTable('jobs').ifExists().execute();
  await db.schema.dropIndex('mails_created_idx').ifExists().execute();
  await db.schema.dropIndex('mails_status_idx').ifExists().execute();
  await db.schema.dropTable('mails').ifExists().execute();
}
