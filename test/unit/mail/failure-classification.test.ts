import { describe, expect, it } from 'vitest';
import { MailParseError } from '../../../src/modules/mail/application/ports/mail-parser.port.js';
import { classifyFailure } from '../../../src/modules/mail/application/failure-classification.js';
import { LlmFailedError, LlmUnavailableError } from '../../../src/modules/summarization/index.js';

describe('classifyFailure for the summarising model', () => {
  it.each([
    ['rate-limit', /rate limit/i],
    ['server-error', /server error/i],
    ['timeout', /did not answer in time/i],
    ['connection', /could not be reached/i],
  ] as const)('retries a model that is unavailable (%s) and names that cause to the user', (why, named) => {
    const failure = classifyFailure(new LlmUnavailableError('The model server at http://10.0.0.5/v1 answered 429', why));

    expect(failure.transient).toBe(true);
    expect(failure.reason).toMatch(named);
  });

  it('names each cause differently', () => {
    const reasons = (['rate-limit', 'server-error', 'timeout', 'connection'] as const).map(
      (why) => classifyFailure(new LlmUnavailableError('x', why)).reason,
    );

    expect(new Set(reasons).size).toBe(4);
  });

  it('keeps the internal server address out of an unavailable model reason', () => {
    const failure = classifyFailure(new LlmUnavailableError('Could not reach the model server at http://10.0.0.5:11434/v1 (ECONNREFUSED).', 'connection'));

    expect(failure.reason).not.toContain('10.0.0.5');
  });

  it('does not retry a model failure no retry fixes, and says what the server said', () => {
    const failure = classifyFailure(new LlmFailedError('The model server rejected the request (400): context too long'));

    expect(failure).toEqual({ transient: false, reason: expect.stringContaining('context too long') as string });
  });
});

describe('classifyFailure for a mail that cannot be read', () => {
  it('names the part limit in the reason when the MIME tree passes it', () => {
    const failure = classifyFailure(new MailParseError('The mail has more than 1,000 MIME parts (the limit is 1,000).', 'too-many-parts'));
    expect(failure).toEqual({ transient: false, reason: 'The mail has more than 1,000 MIME parts (the limit is 1,000).' });
  });

  it('keeps the general reason for other malformed mail', () => {
    expect(classifyFailure(new MailParseError('Unexpected end', 'malformed')).reason).toBe('The mail could not be read (malformed MIME).');
  });
});
