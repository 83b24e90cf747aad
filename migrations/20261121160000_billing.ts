import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // One payment-provider customer per user and provider: switching BILLING between local and stripe
  // never mixes a local id into a Stripe call.
  await knex.schema.createTable('billing_customers', (table) => {
    table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.text('provider').notNullable();
    table.text('customer_id').notNullable();
    // The billing email shown in Settings (the provider sends receipts there).
    table.text('email');
    table.text('default_payment_method');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['user_id', 'provider']);
    table.unique(['provider', 'customer_id']);
  });

  // The user's current subscription, as last read from the provider (the local gateway's only copy).
  await knex.schema.createTable('billing_subscriptions', (table) => {
    table.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    table.text('provider').notNullable();
    table.text('subscription_id').notNullable();
    table.text('customer_id').notNullable();
    table.text('status').notNullable();
    table.text('plan_type');
    table.integer('plan_tokens');
    table.text('plan_price_id');
    table.integer('monthly_price_cents');
    table.boolean('cancel_at_period_end').notNullable().defaultTo(false);
    table.timestamp('current_period_start', { useTz: true });
    table.timestamp('current_period_end', { useTz: true });
    // When the provider created the subscription: a newer subscription replaces an older one, never
    // the reverse, so late events about an old subscription cannot overwrite the new one.
    table.timestamp('provider_created_at', { useTz: true }).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.unique(['provider', 'subscription_id']);
  });

  await knex.schema.createTable('billing_checkout_sessions', (table) => {
    table.text('id').primary();
    table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.text('provider').notNullable();
    table.text('mode').notNullable();
    table.text('price_type');
    table.integer('quantity').notNullable();
    // Tokens the purchase grants (quantity × tokens per unit); 0 for setup.
    table.integer('tokens').notNullable();
    // Fractions of a cent are real: one token may cost less than a cent.
    table.double('unit_amount_cents').notNullable();
    table.integer('total_cents').notNullable();
    table.text('url').notNullable();
    table.text('success_url').notNullable();
    table.text('cancel_url').notNullable();
    table.text('status').notNullable().defaultTo('open');
    table.text('idempotency_key').unique();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('completed_at', { useTz: true });
    table.index(['user_id', 'created_at']);
  });
  await knex.raw("ALTER TABLE billing_checkout_sessions ADD CONSTRAINT billing_checkout_sessions_mode CHECK (mode IN ('subscription', 'payment', 'setup'))");
  await knex.raw("ALTER TABLE billing_checkout_sessions ADD CONSTRAINT billing_checkout_sessions_status CHECK (status IN ('open', 'completed', 'cancelled'))");

  // Webhook events already applied: a redelivery is answered 200 and changes nothing.
  await knex.schema.createTable('billing_webhook_events', (table) => {
    table.text('event_id').primary();
    table.text('type').notNullable();
    table.timestamp('processed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('billing_webhook_events');
  await knex.schema.dropTable('billing_checkout_sessions');
  await knex.schema.dropTable('billing_subscriptions');
  await knex.schema.dropTable('billing_customers');
}
