import { describe, expect, it } from 'vitest';
import { baseSubject } from '../../../src/modules/mail/domain/subject.js';

describe('baseSubject', () => {
  it.each([
    ['Fwd: FW: Re: Contract renewal', 'Contract renewal'],
    ['TR: RE: Devis n° 42', 'Devis n° 42'],
    ['WG: AW: Angebot', 'Angebot'],
    ['RV: RE: Presupuesto', 'Presupuesto'],
    ['Odp: PD: Faktura 12/2025', 'Faktura 12/2025'],
    ['Re[2]: RE(3): fw : Budget', 'Budget'],
    ['[External] Fwd: Invoice', 'Invoice'],
    ['転送: 返信：会議', '会議'],
    ['  Quarterly   numbers ', 'Quarterly numbers'],
  ])('reduces %s to the subject itself', (subject, expected) => {
    expect(baseSubject(subject)).toBe(expected);
  });

  it('keeps words that only start like a prefix', () => {
    expect(baseSubject('Review: Q3 figures')).toBe('Review: Q3 figures');
    expect(baseSubject('Trip report')).toBe('Trip report');
    expect(baseSubject('Invoice: March')).toBe('Invoice: March');
  });

  it('keeps an empty subject empty, and a subject of nothing but prefixes empty', () => {
    expect(baseSubject('')).toBe('');
    expect(baseSubject('Fwd: Re:')).toBe('');
  });

  it('stays cheap on a subject of thousands of prefixes', () => {
    expect(baseSubject(`${'Re: '.repeat(5_000)}x`).length).toBeGreaterThan(0);
  });
});
