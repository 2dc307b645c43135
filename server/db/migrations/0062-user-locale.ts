import type { Kysely } from 'kysely';

/**
 * 0062 (users module, issue 26): the member's language for the app, their mails and documents;
 * null follows the browser's languages (mails then go in English).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
