import { describe, expect, expectTypeOf, it } from 'vitest';
import { MAX_TOKEN_PURCHASE as CONTRACT_MAX_TOKEN_PURCHASE, PLAN_TYPES as CONTRACT_PLAN_TYPES, PRICE_TYPES as CONTRACT_PRICE_TYPES } from '../../../src/contract/billing.js';
import { DOCUMENT_SORTS as CONTRACT_DOCUMENT_SORTS } from '../../../src/contract/documents.js';
import { NotificationSettingsView } from '../../../src/contract/notifications.js';
import { RECEIVED_MAIL_STATUSES, type ReceivedMailStatus } from '../../../src/contract/received-mails.js';
import { SUBSCRIPTION_STATUSES as CONTRACT_SUBSCRIPTION_STATUSES } from '../../../src/contract/subscription.js';
import { LOW_BALANCE_SHARE as CONTRACT_LOW_BALANCE_SHARE } from '../../../src/contract/usage.js';
import { MAX_TOKEN_PURCHASE } from '../../../src/modules/billing/application/start-token-checkout.use-case.js';
import { PLAN_TYPES, PRICE_TYPES } from '../../../src/modules/billing/domain/price.js';
import { SUBSCRIPTION_STATUSES } from '../../../src/modules/billing/domain/subscription.js';
import { DOCUMENT_SORTS } from '../../../src/modules/documents/domain/document-list.js';
import type { MailStatus } from '../../../src/modules/mail/domain/inbound-message.js';
import { NOTIFICATION_SETTINGS } from '../../../src/modules/notifications/domain/notification-kind.js';
import { LOW_BALANCE_SHARE } from '../../../src/modules/notifications/domain/notification-decisions.js';

// The contract declares the values it sends and takes itself (the web app compiles it, and a domain may
// not import it: .dependency-cruiser.mjs); the domain keeps its own lists for its rules. Each pair is one
// list in two places, so it is held equal here: a value added on one side only fails.
describe('the enumerations the contract shares with the domain', () => {
  it('has the plan and price types of the billing domain, in its order', () => {
    expect(CONTRACT_PLAN_TYPES).toEqual(PLAN_TYPES);
    expect(CONTRACT_PRICE_TYPES).toEqual(PRICE_TYPES);
  });

  it('has the provider statuses of a subscription that the billing domain knows', () => {
    expect(CONTRACT_SUBSCRIPTION_STATUSES).toEqual(SUBSCRIPTION_STATUSES);
  });

  it('caps a token checkout where the use case does', () => {
    expect(CONTRACT_MAX_TOKEN_PURCHASE).toBe(MAX_TOKEN_PURCHASE);
  });

  it('calls a balance low where the low-balance notification does', () => {
    expect(CONTRACT_LOW_BALANCE_SHARE).toBe(LOW_BALANCE_SHARE);
  });

  it('has the sorts of the documents list that the documents domain applies', () => {
    expect(CONTRACT_DOCUMENT_SORTS).toEqual(DOCUMENT_SORTS);
  });

  it('has one switch per notification setting the notifications domain keeps', () => {
    expect(Object.keys(NotificationSettingsView.shape).sort()).toEqual([...NOTIFICATION_SETTINGS].sort());
  });

  it('has the statuses of a mail in the pipeline', () => {
    expectTypeOf<ReceivedMailStatus>().toEqualTypeOf<MailStatus>();
    expect(new Set<MailStatus>(RECEIVED_MAIL_STATUSES).size).toBe(RECEIVED_MAIL_STATUSES.length);
  });
});
