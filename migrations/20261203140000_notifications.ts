import type { Knex } from 'knex';

/**
 * Notifications by e-mail (docs/operations.md, "Notifications"). Every table hangs off the user and goes with
 * the account (cascade); the outbox and the development outbox are also purged by the retention job.
 *
 * - `notification_settings`: a user's switches; no row means every kind is on.
 * - `notification_marks`: whether a once-per-episode notice (low balance, no tokens left, held mail) has
 *   fired for the current episode, and how many episodes there were: the episode numbers the outbox keys.
 * - `notification_checks`: users a live notice named, to be checked again if the immediate check failed.
 * - `notification_outbox`: each decided mail once, under a unique key; its delivery state and retries.
 * - `dev_outbox_mails`: what the development outbox adapter "sent" (no SMTP configured, not production).
 *
 * A mail about one document (a refused sender, a failed mail) names it in `document_id`: deleting the
 * document erases it from both outboxes, in the deletion's transaction, with the subject and senders it names.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notification_settings', (t) => {
    t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.boolean('low_balance').notNullable().defaultTo(true);
    t.boolean('held_mail').notNullable().defaultTo(true);
    t.boolean('refused_sender').notNullable().defaultTo(true);
    t.boolean('failed_mail').notNullable().defaultTo(true);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('notification_marks', (t) => {
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('mark').notNullable();
    t.boolean('tripped').notNullable().defaultTo(false);
    t.integer('episode').notNullable().defaultTo(0);
    t.primary(['user_id', 'mark']);
  });
  await knex.schema.createTable('notification_checks', (t) => {
    t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('noticed_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('notification_outbox', (t) => {
    t.uuid('id').primary();
    t.text('key').notNullable().unique();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.jsonb('facts').notNullable();
    t.text('document_id');
    // pending → sending (leased) → sent | pending again (retry) | failed (gave up) | skipped (switched off, no account)
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable();
    t.timestamp('lease_until', { useTz: true });
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('sent_at', { useTz: true });
    t.index(['status', 'next_attempt_at']);
    t.index(['created_at']);
    t.index(['user_id']);
    t.index(['document_id']);
  });
  await knex.schema.createTable('dev_outbox_mails', (t) => {
    t.uuid('id').primary();
    t.uuid('user_id').references('id').inTable('users').onDelete('CASCADE');
    t.text('document_id');
    t.text('to').notNullable();
    t.text('from').notNullable();
    t.text('subject').notNullable();
    t.text('text').notNullable();
    t.text('html').notNullable();
    t.jsonb('headers').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable();
    t.index(['sent_at']);
    t.index(['document_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['dev_outbox_mails', 'notification_outbox', 'notification_checks', 'notification_marks', 'notification_settings']) {
    await knex.schema.dropTableIfExists(table);
  }
}
