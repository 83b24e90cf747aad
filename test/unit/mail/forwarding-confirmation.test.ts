import { describe, expect, it } from 'vitest';
import { detectForwardingConfirmation, trustedConfirmationLink } from '../../../src/modules/mail/domain/forwarding-confirmation.js';

const LINK = 'https://mail-settings.google.com/mail/vf-%5BANGjdJ9%5D-abc';
const english = {
  from: 'forwarding-noreply@google.com',
  subject: '(#123456789) Gmail Forwarding Confirmation - Receive Mail from someone@gmail.com',
  text: `someone@gmail.com has requested to automatically forward mail to your email address doc@in.example.\n\nConfirmation code: 123456789\n\nplease click the link below to confirm the request:\n\n${LINK}\n`,
};

describe('Gmail forwarding confirmations', () => {
  it('give the code, the link and the requester', () => {
    expect(detectForwardingConfirmation(english)).toEqual({ code: '123456789', link: LINK, requester: 'someone@gmail.com' });
  });

  it('are recognised in Polish', () => {
    const polish = {
      from: 'Forwarding-NoReply@google.com',
      subject: '(#987654321) Potwierdzenie przekierowania w Gmailu – odbieraj pocztę z adresu kto@gmail.com',
      text: `Użytkownik kto@gmail.com poprosił o automatyczne przekazywanie poczty na Twój adres.\n\nKod potwierdzenia: 987654321\n\n${LINK}`,
    };
    expect(detectForwardingConfirmation(polish)).toEqual({ code: '987654321', link: LINK, requester: 'kto@gmail.com' });
  });

  it('take the code from the subject when the body has none, and a link from the HTML', () => {
    const result = detectForwardingConfirmation({ ...english, text: 'Click here to confirm.', links: ['https://tracker.example/x', 'https://mail.google.com/mail/vf-1'] });
    expect(result).toEqual({ code: '123456789', link: 'https://mail.google.com/mail/vf-1', requester: 'someone@gmail.com' });
  });

  it('never carry a link to another host', () => {
    const result = detectForwardingConfirmation({ ...english, text: 'Confirmation code: 123456789\nhttps://mail-settings.google.com.evil.example/vf-1\nhttp://mail-settings.google.com/vf-2' });
    expect(result?.link).toBeNull();
  });

  it('come only from Google’s forwarding address', () => {
    expect(detectForwardingConfirmation({ ...english, from: 'forwarding-noreply@g00gle.example' })).toBeNull();
    expect(detectForwardingConfirmation({ ...english, from: null })).toBeNull();
  });

  it('are not confused with other Google mail', () => {
    expect(detectForwardingConfirmation({ from: 'forwarding-noreply@google.com', subject: 'Forwarding is on', text: 'Nothing to confirm.' })).toBeNull();
  });
});

describe('confirmation links', () => {
  it.each([
    [LINK, LINK],
    [`${LINK}.`, LINK],
    ['https://mail.google.com/mail/vf-1', 'https://mail.google.com/mail/vf-1'],
    ['http://mail-settings.google.com/mail/vf-1', null],
    ['https://user@mail-settings.google.com/mail/vf-1', null],
    ['https://mail-settings.google.com:8443/mail/vf-1', null],
    ['https://google.com.attacker.example/mail', null],
    ['javascript:alert(1)', null],
    ['not a url', null],
  ])('%s → %s', (candidate, expected) => {
    expect(trustedConfirmationLink(candidate)).toBe(expected);
  });
});
