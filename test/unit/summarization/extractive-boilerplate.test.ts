import { describe, expect, it } from 'vitest';
import { summariseExtractively, type MailText } from '../../../src/modules/summarization/domain/extractive/extractive-summary.js';
import type { Summary } from '../../../src/modules/summarization/domain/summary.js';

const summarise = (text: string, more: Partial<MailText> = {}): Summary => summariseExtractively({ subject: 'Update', text, ...more });

function everything(summary: Summary): string {
  return [summary.summary, ...summary.keyPoints, ...summary.actionItems].join('\n');
}

describe('summariseExtractively: boilerplate never becomes content', () => {
  it.each([
    ['English, GitHub', 'The build on main is green again after the fix to the invoice rounding.', [
      'Reply to this email directly or view it on GitHub:',
      'You are receiving this because you were mentioned.',
      'Message ID: <acme/shop/pull/42/c1234567@github.com>',
    ]],
    ['English, Jira', 'The checkout bug is fixed in release 4.2, deployed on 3 March.', [
      'Get Jira notifications on your phone! Download the Jira Cloud app for Android or iOS',
      'If you have any questions, do not hesitate to contact us.',
    ]],
    ['German', 'Ihre Bestellung 4471 wird am 12. März versandt.', ['Vielen Dank für Ihre Bestellung!', 'Für Rückfragen stehen wir Ihnen gerne zur Verfügung.', 'Laden Sie die Shop-App für Android herunter.']],
    ['French', 'Votre commande 4471 sera expédiée le 12 mars.', ['Merci pour votre commande.', "N'hésitez pas à nous contacter.", 'Nous restons à votre disposition.']],
    ['Spanish', 'Su pedido 4471 se enviará el 12 de marzo.', ['Gracias por su pedido.', 'Quedamos a su disposición.', 'No dude en contactarnos.']],
    ['Polish', 'Zamówienie 4471 zostanie wysłane 12 marca.', ['Dziękujemy za zamówienie.', 'W razie pytań jesteśmy do dyspozycji.', 'Pobierz aplikację na Androida.']],
    ['Japanese', '来週の打ち合わせは3月12日14時からです。', ['お世話になっております。', 'いつも大変お世話になっております。', '今後ともよろしくお願いいたします。', 'ご不明な点がございましたら、お気軽にお問い合わせください。']],
  ])('in %s: only the content is left, in no summary sentence, key point or action item', (_case, content, boilerplate) => {
    // Boilerplate around the content and inside its paragraph, as mails write it.
    const text = [boilerplate[0], '', `${content} ${boilerplate[1] ?? ''}`, '', ...boilerplate.slice(2)].join('\n');
    const summary = summarise(text);

    expect(summary.summary).toBe(content);
    for (const line of boilerplate) expect(everything(summary)).not.toContain(line.slice(0, 20));
  });

  it.each([
    ['English', 'Please find our quotation below.'],
    ['English', 'Please find attached our invoice for March.'],
    ['German', 'Anbei erhalten Sie unser Angebot.'],
    ['French', 'Veuillez trouver ci-joint notre devis.'],
    ['Spanish', 'Adjunto le enviamos nuestra oferta.'],
    ['Polish', 'W załączeniu przesyłamy ofertę.'],
    ['Japanese', '見積書を添付いたします。'],
  ])('never makes a pointer in %s ("%s") an action item or a key point', (_language, pointer) => {
    const summary = summarise(`${pointer}\n\nThe offer is valid until 30 April 2025 and covers 40 chairs at EUR 189.00 each.`);

    expect(summary.actionItems).toEqual([]);
    expect(summary.keyPoints).toEqual([]);
    expect(summary.summary).not.toContain(pointer);
  });

  it('keeps a polite request that opens like a thanks ("Merci de me rappeler demain.") as an action item', () => {
    const summary = summarise('La réunion est jeudi à 10h.\n\nMerci de me rappeler demain.');
    expect(summary.actionItems).toEqual(['Merci de me rappeler demain.']);
  });

  it('keeps a pointer that also asks something as a request', () => {
    const summary = summarise('The contract for 2025 is ready.\n\nAttached is the contract, please sign it by Friday.');
    expect(summary.actionItems).toEqual(['Attached is the contract, please sign it by Friday.']);
  });
});

describe('summariseExtractively: greetings and sign-offs never lead', () => {
  it.each([
    ['Regards, Mallory.'],
    ['Best, Ana'],
    ['Kind regards Ana Lopez'],
    ['Mit freundlichen Grüßen, Anna Schmidt'],
    ['Cordialement, Marie'],
    ['Saludos, Ana.'],
    ['Pozdrawiam, Jan Kowalski'],
  ])('leaves out "%s" wherever it sits', (signOff) => {
    const summary = summarise(`We can deliver the 40 chairs on 3 March. ${signOff}\n\n${signOff}`);
    expect(summary.summary).toBe('We can deliver the 40 chairs on 3 March.');
    expect(everything(summary)).not.toContain(signOff);
  });

  it('summarises a mail that is only a sign-off by its subject', () => {
    expect(summarise('Regards, Mallory.', { subject: 'Contract' })).toEqual({ title: 'Contract', summary: 'Contract', keyPoints: [], actionItems: [] });
  });

  it('keeps a closing word that starts a sentence with content', () => {
    expect(summarise('Best Western Hotel is booked for 3 March.').summary).toBe('Best Western Hotel is booked for 3 March.');
  });

  it('does not lead with a greeting, and gives it only when the mail says nothing else', () => {
    expect(summarise('Hello Mikel\n\nThe spare keys are with the concierge at reception.').summary).toBe('The spare keys are with the concierge at reception.');
    expect(summarise('Bonjour Marc,\n\nLa réunion est déplacée à jeudi 10h.').summary).toBe('La réunion est déplacée à jeudi 10h.');
    expect(summarise('Hello Mikel', { subject: '' }).summary).toBe('Hello Mikel.');
  });
});

describe('summariseExtractively: a summary paragraph whenever there is something to say', () => {
  it('summarises a mail that says only "ok", with no subject, as "ok", once', () => {
    const summary = summarise('ok', { subject: '' });
    expect(summary.summary.toLowerCase()).toMatch(/^ok\.?$/);
    expect(summary.keyPoints).toEqual([]);
    expect(summary.actionItems).toEqual([]);
  });

  it('builds the summary from the mail\'s short lines rather than leaving it to the subject', () => {
    const summary = summarise('lunch at 1 tomorrow\nbring laptops', { subject: 'Team lunch' });
    expect(summary.summary).toMatch(/lunch at 1 tomorrow/i);
    expect(summary.summary).not.toBe('The mail has no text.');
  });

  it.each([
    ['ok'],
    ['thanks!'],
    ['Regards, Mallory.'],
    ['Hello Mikel'],
    ['lunch at 1\nbring laptops'],
    ['Can you call me?'],
    ['| Item | Amount |\n| Desk | €450.00 |\n| Chair | €320.00 |'],
    [''],
  ])('never says "The mail has no text." next to a key point or an action item (%j)', (text) => {
    const summary = summarise(text, { subject: '' });
    if (summary.summary === 'The mail has no text.') {
      expect(summary.keyPoints).toEqual([]);
      expect(summary.actionItems).toEqual([]);
    }
    expect(summary.summary).not.toBe('');
  });
});
