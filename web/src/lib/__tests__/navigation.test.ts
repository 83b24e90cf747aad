import { describe, expect, it, onTestFinished } from 'vitest';
import { assignLocation, setLocationAssigner } from '../navigation';

function capture(): string[] {
  const assigned: string[] = [];
  onTestFinished(setLocationAssigner((url) => assigned.push(url)));
  return assigned;
}

describe('assignLocation', () => {
  it.each(['https://checkout.stripe.com/c/pay/cs_1', 'http://localhost:3000/local-checkout/cs_1', '/local-checkout/cs_1'])(
    'sends the browser to %s',
    (url) => {
      const assigned = capture();
      assignLocation(url);
      expect(assigned).toEqual([url]);
    },
  );

  it.each(['javascript:alert(1)', 'data:text/html,hi', '//evil.example/x', 'not a url'])('refuses %s', (url) => {
    const assigned = capture();
    expect(() => assignLocation(url)).toThrow();
    expect(assigned).toEqual([]);
  });

  it('gives the previous navigation back when the replacement is undone', () => {
    const first: string[] = [];
    const restoreFirst = setLocationAssigner((url) => first.push(url));
    const second: string[] = [];
    const restoreSecond = setLocationAssigner((url) => second.push(url));

    assignLocation('/a');
    restoreSecond();
    assignLocation('/b');
    restoreFirst();

    expect(second).toEqual(['/a']);
    expect(first).toEqual(['/b']);
  });
});
