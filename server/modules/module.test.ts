import { describe, expect, it } from 'vitest';
import { MODULES } from '.';
import { inDependencyOrder, type AnyModule } from './module';

const module = (name: string, needs: string[] = []): AnyModule =>
  ({ name, needs, tables: [], create: () => ({}) }) as unknown as AnyModule;

describe('module manifests', () => {
  it('builds every module after the ones it needs, keeping the listed order otherwise', () => {
    const order = inDependencyOrder([
      module('reports', ['trees', 'drives']),
      module('trees', ['drives']),
      module('drives'),
      module('mail'),
    ]).map((m) => m.name);
    expect(order).toEqual(['drives', 'trees', 'reports', 'mail']);
  });

  it('fails with one line naming a dependency cycle', () => {
    const modules = [
      module('nursery', ['trees']),
      module('trees', ['donations']),
      module('donations', ['nursery']),
    ];
    expect(() => inDependencyOrder(modules)).toThrow(
      /^module dependency cycle: nursery → trees → donations → nursery$/,
    );
  });

  it('fails naming a module that needs one not in the list', () => {
    expect(() => inDependencyOrder([module('trees', ['drives'])])).toThrow(
      'module trees needs drives, which is not listed',
    );
  });

  it('the app’s modules have no cycle, unique names, and each needs only listed modules', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect(inDependencyOrder(MODULES)).toHaveLength(MODULES.length);
  });
});
