import { describe, expect, it } from 'vitest';
import { treeCareMessages, treesMessages } from './messages';
import { offlineMessages } from './offline-messages';

/** The trees' plural and number forms in each shipped language (issue 26). */
describe('the trees, tree-care and offline messages', () => {
  it('count plants, records and tasks by each language’s plural forms', async () => {
    const en = await treesMessages.load('en');
    const es = await treesMessages.load('es');
    const hi = await treesMessages.load('hi');
    expect(en['plants.alive']!({ alive: 2, count: 3 })).toBe('2 of 3 plants alive');
    expect(en['plants.count']!({ count: 1 })).toBe('1 plant');
    expect(es['plants.alive']!({ alive: 2, count: 3 })).toBe('2 de 3 plantas con vida');
    expect(es['list.total']!({ total: 1 })).toBe('1 registro de árbol');
    expect(hi['plants.count']!({ count: 1 })).toBe('1 पौधा');
    expect(hi['plants.count']!({ count: 4 })).toBe('4 पौधे');

    const care = await treeCareMessages.load('es');
    expect(care['task.overdue']!({ days: 2 })).toBe('2 días de retraso');
    expect((await treeCareMessages.load('en'))['due.thisWeek']!({ count: 1 })).toBe(
      '1 more falls due this week',
    );
    const offline = await offlineMessages.load('hi');
    expect(offline['queue.discardAlso']!({ count: 3 })).toBe('इससे जुड़ी 3 चीज़ें भी हट जाएँगी।');
  });
});
