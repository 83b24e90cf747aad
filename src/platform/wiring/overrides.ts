import type { DependencyContainer, InjectionToken } from 'tsyringe';

/**
 * A test's replacement for one port (docs/architecture.md, "Module wiring"): the composition root registers
 * it before the modules wire themselves, and a module `provide`s its own adapter only where none is.
 */
export interface Override<T = unknown> {
  readonly token: InjectionToken<T>;
  readonly value: T;
}

export function override<T>(token: InjectionToken<T>, value: T): Override<T> {
  return { token, value };
}

/**
 * Registers `build()` under `token` unless this container already has it (an override). Returns what it
 * built, or null when an override stands, so a module mounts no pages of an adapter it did not build.
 */
export function provide<T, V extends T>(c: DependencyContainer, token: InjectionToken<T>, build: () => V): V | null {
  if (c.isRegistered(token)) return null;
  const value = build();
  c.register(token, { useValue: value });
  return value;
}

/** A child of `parent` holding `overrides` (later ones win), before any module wires itself into it. */
export function containerWith(parent: DependencyContainer, overrides: readonly Override[]): DependencyContainer {
  const container = parent.createChildContainer();
  for (const { token, value } of overrides) container.register(token, { useValue: value });
  return container;
}
