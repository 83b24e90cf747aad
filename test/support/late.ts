/**
 * An object that stands for one a `beforeAll` creates later: each property read or written goes to
 * what `get()` answers at that moment, so a `describe` block can name it when it registers its hooks.
 */
export function late<T extends object>(get: () => T): T {
  return new Proxy({} as T, {
    get: (_shell, key) => {
      const target = get();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set: (_shell, key, value) => Reflect.set(get(), key, value),
  });
}
