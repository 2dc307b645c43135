import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/forest.json?messages';
import es from '../../../locales/es/forest.json?messages';
import hi from '../../../locales/hi/forest.json?messages';
import enDash from '../../../locales/en/dashboards.json?messages';
import esDash from '../../../locales/es/dashboards.json?messages';
import hiDash from '../../../locales/hi/dashboards.json?messages';

// Issue 26: the forest's and dashboards' plural and number forms in each language.
describe('forest and dashboards messages', () => {
  it('say the forest in words in English, Spanish and Hindi', () => {
    expect(en['words.planted']!({ planted: 1, alive: 1 })).toBe(
      '1 tree is in the ground for you, and 1 was alive at the last check.',
    );
    expect(en['words.planted']!({ planted: 1200, alive: 0 })).toBe(
      '1,200 trees are in the ground for you, and 0 were alive at the last check.',
    );
    expect(es['words.planted']!({ planted: 2, alive: 1 })).toBe(
      '2 árboles están en la tierra gracias a ti, y 1 estaba vivo en la última revisión.',
    );
    expect(hi['words.planted']!({ planted: 1, alive: 1 })).toBe(
      'आपके लिए 1 पेड़ ज़मीन में लगा है, और पिछली जाँच में उनमें से 1 ज़िंदा था।',
    );
    expect(es['gift.titleFund']!({ count: 1 })).toBe('1 árbol para el fondo general');
    expect(hi['gift.titleDrive']!({ count: 150000, drive: 'नदी किनारे' })).toBe(
      'नदी किनारे के लिए 1,50,000 पेड़',
    );
  });

  it('count care tasks and drives in each language', () => {
    expect([1, 3].map((count) => enDash['care.totals']!({ count }))).toEqual([
      '1 task due',
      '3 tasks due',
    ]);
    expect(esDash['care.thisWeek']!({ count: 1 })).toBe(' · 1 más vence esta semana');
    expect(esDash['charts.drives.summary']!({ drives: 12500, country: 'México', top: 4 })).toBe(
      '12.500 jornadas; la mayoría en México (4).',
    );
    expect(hiDash['next.takingPart']!({ count: 2 })).toBe('2 लोग हिस्सा ले रहे हैं');
  });
});
