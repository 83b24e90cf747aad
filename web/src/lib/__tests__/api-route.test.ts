import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { billingRoutes } from '@contract/billing';
import { documentRoutes } from '@contract/documents';
import { receivedMailRoutes } from '@contract/received-mails';
import { sessionRoutes } from '@contract/session';
import { tokenRoutes } from '@contract/usage';
import { installFakeFetch } from '@/test/fake-fetch';
import { SKIP_SESSION_RECOVERY } from '../api-client';
import { AnswerMismatchError, callRoute } from '../api-route';

const DOC = '6b1f2a7e-9c1d-4f3a-8b2e-1a2b3c4d5e6f';
const MAIL = '0e5a1c2d-3b4f-4a6e-9d8c-7b6a5f4e3d2c';
const aPrice = { priceType: 'singleToken', price: 0.05, tokens: 1 };

describe('calling a contract route', () => {
  it('fills the path parameters, encoded, and resolves to the parsed answer', async () => {
    const fake = installFakeFetch({ 'GET /api/stripe/price/singleToken': { status: 200, body: aPrice } });

    expect(await callRoute(billingRoutes.price, { params: { type: 'singleToken' } })).toEqual(aPrice);
    expect(fake.callsTo('GET /api/stripe/price/singleToken')).toHaveLength(1);
  });

  it('sends every path parameter of the route', async () => {
    const fake = installFakeFetch({ [`POST /api/document/${DOC}/received-mails/${MAIL}/retry`]: { status: 202, body: { ok: true } } });

    await callRoute(receivedMailRoutes.retryMail, { params: { id: DOC, mailId: MAIL } });

    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual([`POST /api/document/${DOC}/received-mails/${MAIL}/retry`]);
  });

  it('sends the query without the parameters left undefined, and the body as JSON', async () => {
    const fake = installFakeFetch({
      'GET /api/tokens/usage/table': { status: 200, body: { data: [], total: 0 } },
      'PUT /api/stripe/email': { status: 200, body: { ok: true } },
    });

    await callRoute(tokenRoutes.usageTable, { query: { page: 2, pageSize: 10, sortBy: 'date', sortOrder: undefined } });
    await callRoute(billingRoutes.billingEmail, { body: { email: 'ada@example.com' } });

    expect(fake.callsTo('GET /api/tokens/usage/table')[0]?.query).toEqual({ page: '2', pageSize: '10', sortBy: 'date' });
    expect(fake.bodiesOf('PUT /api/stripe/email')).toEqual([{ email: 'ada@example.com' }]);
  });

  it('passes the headers it is given', async () => {
    const fake = installFakeFetch({ 'POST /api/refresh': { status: 200, body: { token: 'new' } } });

    await callRoute(sessionRoutes.refreshSession, { headers: { Authorization: 'Bearer old' }, context: SKIP_SESSION_RECOVERY });

    expect(fake.callsTo('POST /api/refresh')[0]?.authorization).toBe('Bearer old');
  });

  it('resolves to nothing for a route that answers 204', async () => {
    installFakeFetch({ 'POST /api/logout': { status: 204 } });

    await expect(callRoute(sessionRoutes.logout)).resolves.toBeUndefined();
  });

  it('fails an answer of another shape with the call and its first issues', async () => {
    installFakeFetch({ 'GET /api/stripe/prices': { status: 200, body: [aPrice, { priceType: 'gold', price: '9', tokens: 1 }] } });

    const failure = callRoute(billingRoutes.prices);

    await expect(failure).rejects.toBeInstanceOf(AnswerMismatchError);
    await expect(failure).rejects.toThrow('GET /api/stripe/prices answered in an unexpected shape: 1.priceType: invalid_value; 1.price: expected number.');
  });

  it('fails an answer with a field the contract does not have', async () => {
    installFakeFetch({ [`GET /api/document/${DOC}/tabs`]: { status: 200, body: { tabs: [], tabId: null, chosenTabMissing: false, extra: 1 } } });

    await expect(callRoute(documentRoutes.documentTabs, { params: { id: DOC } })).rejects.toThrow(
      'GET /api/document/:id/tabs answered in an unexpected shape: (answer): unexpected extra.',
    );
  });

  it('rejects an error status with the HTTP error, without parsing it', async () => {
    installFakeFetch({ 'GET /api/stripe/prices': { status: 503, body: { error: { code: 'BILLING.UNAVAILABLE', message: 'Down.' } } } });

    await expect(callRoute(billingRoutes.prices)).rejects.toBeInstanceOf(HTTPError);
  });
});
