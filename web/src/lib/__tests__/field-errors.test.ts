import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { humanErrorMessage, humanFieldMessage } from '../field-errors';
import { serverMessageOf } from '../server-message';

describe('human messages for validation errors', () => {
  it('never shows "tokenAmount: must be at most 1,000,000" as it is', () => {
    const message = humanErrorMessage({
      code: 'REQUEST.INVALID',
      message: 'tokenAmount: must be at most 1,000,000',
      details: [{ path: 'tokenAmount', message: 'must be at most 1,000,000' }],
    });

    expect(message).toBe('You can buy at most 1,000,000 tokens at once.');
    expect(message).not.toContain('tokenAmount');
  });

  it.each([
    [{ path: 'tokenAmount', message: 'must be at least 1' }, 'Buy at least 1 token.'],
    [{ path: 'tokenAmount', message: 'must be a whole number of tokens' }, 'Enter a whole number of tokens.'],
    [{ path: 'tokenAmount', message: 'must be a number' }, 'Enter how many tokens to buy.'],
    [{ path: 'email', message: 'must be an email address' }, 'Enter a valid email address, like name@example.com.'],
    [{ path: 'priceType', message: 'must be monthlyBasic or monthlyPro' }, 'Choose one of the plans.'],
  ])('writes %o as "%s"', (field, expected) => {
    expect(humanFieldMessage(field)).toBe(expected);
  });

  it('names a known field in words for a rule it has no sentence for', () => {
    expect(humanFieldMessage({ path: 'description', message: 'must be at most 20000 characters' })).toBe('The description must be at most 20000 characters.');
  });

  it('keeps a message that is already a sentence (the domain rules)', () => {
    expect(humanFieldMessage({ path: 'email', message: 'A document can allow at most 100 source emails.' })).toBe('A document can allow at most 100 source emails.');
  });

  it('never shows the name of a field it does not know', () => {
    expect(humanFieldMessage({ path: 'internalThing', message: 'must be positive' })).toBe('Some of what you entered was not accepted. Check the form and try again.');
  });

  it('maps a "field: rule" message that comes without details', () => {
    expect(humanErrorMessage({ code: 'REQUEST.INVALID', message: 'tokenAmount: must be at most 1,000,000' })).toBe('You can buy at most 1,000,000 tokens at once.');
  });

  it('passes other errors\' messages through: the server writes them for users', () => {
    expect(humanErrorMessage({ code: 'MAIL.NOT_RETRYABLE', message: 'This mail can no longer be retried.' })).toBe('This mail can no longer be retried.');
  });

  it('is what serverMessageOf answers for a failed call', async () => {
    const body = { error: { code: 'REQUEST.INVALID', message: 'email: must be an email address', details: [{ path: 'email', message: 'must be an email address' }] } };
    const response = new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } });
    const request = new Request('http://localhost/api/subscription/email', { method: 'PUT' });
    const error = new HTTPError(response, request, {} as ConstructorParameters<typeof HTTPError>[2]);

    expect(await serverMessageOf(error)).toBe('Enter a valid email address, like name@example.com.');
  });
});
