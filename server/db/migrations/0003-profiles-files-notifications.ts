import { PostgresAdapter, type Kysely } from 'kysely';

// Files are described once per content hash; their bytes live in file_blobs or on disk (FileStore).
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';

  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('file_blobs')
    .addColumn('file_id', 'text', (c) => c.primaryKey().references('files.id').onDelete('cascade'))
    .addColumn('data', binary, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema
    .createIndex('notifications_user_created_idx')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notifications_user_unread_idx')
    .on('notifications')
    .columns(['user_id', 'read_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('file_blobs').execute();
  await db.schema.dropTable('files').execute();
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
