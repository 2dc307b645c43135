import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen loaded on first render from its own chunk (a module with a default export). */
export const page = (
  load: () => Promise<{ default: ComponentType }>,
): LazyExoticComponent<ComponentType> => lazy(load);

/** The same for a module's named export. */
export const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));
