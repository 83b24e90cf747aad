// Every route of the HTTP API that answers JSON (or the live-updates stream), by name, and by the
// docs/api.md section that explains it. The HTML pages and browser navigations (sign-in, unsubscribe,
// local checkout and documents, the development outbox) and /metrics are described in docs/api.md only.
import { accountRoutes } from './account.js';
import { billingRoutes, stripeWebhookRoutes } from './billing.js';
import { documentRoutes } from './documents.js';
import { eventRoutes } from './events.js';
import { notificationRoutes } from './notifications.js';
import { platformRoutes } from './platform.js';
import { receivedMailRoutes } from './received-mails.js';
import { retentionRoutes } from './retention.js';
import type { RouteDeclaration } from './route.js';
import { sessionRoutes } from './session.js';
import { subscriptionRoutes } from './subscription.js';
import { tokenRoutes } from './usage.js';

/** The routes in docs/api.md's order, under the title of the section that explains them. */
export const ROUTE_SECTIONS: readonly { title: string; routes: Readonly<Record<string, RouteDeclaration & { name: string }>> }[] = [
  { title: 'Health, metrics and public configuration', routes: { ...platformRoutes, ...retentionRoutes } },
  { title: 'Session', routes: sessionRoutes },
  { title: 'Documents', routes: documentRoutes },
  { title: 'Received mail', routes: receivedMailRoutes },
  { title: 'Live updates', routes: eventRoutes },
  { title: 'Tokens', routes: tokenRoutes },
  { title: 'Subscription', routes: subscriptionRoutes },
  { title: 'Prices, checkouts and the billing email', routes: billingRoutes },
  { title: 'Notifications', routes: notificationRoutes },
  { title: 'Account', routes: accountRoutes },
  { title: 'Stripe webhook (`BILLING=stripe`)', routes: stripeWebhookRoutes },
];

export const routes = {
  ...platformRoutes,
  ...retentionRoutes,
  ...sessionRoutes,
  ...documentRoutes,
  ...receivedMailRoutes,
  ...eventRoutes,
  ...tokenRoutes,
  ...subscriptionRoutes,
  ...billingRoutes,
  ...notificationRoutes,
  ...accountRoutes,
  ...stripeWebhookRoutes,
};
