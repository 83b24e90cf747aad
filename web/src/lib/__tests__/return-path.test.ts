import { describe, expect, it } from 'vitest';
import { rememberReturnPath, returnPathFromState, takeReturnPath, toSafeReturnPath } from '../return-path';

describe('return path after sign-in', () => {
  it.each([['/dashboard/doc/1?x=2#y'], ['/settings']])('accepts the app path %s', (path) => {
    expect(toSafeReturnPath(path)).toBe(path);
  });

  it.each([['https://evil.example'], ['//evil.example'], ['/\\evil.example'], ['/login'], ['/auth-success?token=x'], [''], [42]])(
    'rejects %s',
    (path) => {
      expect(toSafeReturnPath(path)).toBeNull();
    },
  );

  it('builds the path from a guard state', () => {
    expect(returnPathFromState({ from: { pathname: '/usage', search: '?a=1', hash: '#b' } })).toBe('/usage?a=1#b');
    expect(returnPathFromState(null)).toBeNull();
    expect(returnPathFromState({ from: 'x' })).toBeNull();
  });

  it('is read once', () => {
    rememberReturnPath('/dashboard/usage');

    expect(takeReturnPath()).toBe('/dashboard/usage');
    expect(takeReturnPath()).toBeNull();
  });
});
