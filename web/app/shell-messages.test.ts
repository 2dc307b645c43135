import { describe, expect, it } from 'vitest';
import en from '../../locales/en/shell.json?messages';
import es from '../../locales/es/shell.json?messages';
import hi from '../../locales/hi/shell.json?messages';
import enCommon from '../../locales/en/common.json?messages';
import esCommon from '../../locales/es/common.json?messages';
import hiCommon from '../../locales/hi/common.json?messages';

// Issue 26: the shell's and the four numbers' plural forms in each language.
describe('shell and four-numbers messages', () => {
  it('count what waits on this phone, in English as before, in Spanish and Hindi', () => {
    expect(en['outbox.waiting']!({ count: 1 })).toBe(
      '1 item saved on this phone waiting to upload.',
    );
    expect(en['outbox.refused']!({ count: 2 })).toBe('2 items not accepted: fix or discard.');
    expect(en['signOut.message']!({ count: 1 })).toBe(
      'One item saved on this phone has not reached Canopy yet. Signing out discards it; stay signed in until it uploads to keep it.',
    );
    expect(en['signOut.message']!({ count: 3 })).toBe(
      '3 items saved on this phone have not reached Canopy yet. Signing out discards them; stay signed in until they upload to keep them.',
    );
    expect(es['outbox.offline']!({ count: 1 })).toBe(
      '1 elemento guardado en este teléfono: se subirá cuando tengas conexión.',
    );
    expect(es['outbox.waiting']!({ count: 2500 })).toBe(
      '2500 elementos guardados en este teléfono esperan para subirse.',
    );
    expect(hi['outbox.refused']!({ count: 150000 })).toBe(
      '1,50,000 आइटम स्वीकार नहीं हुए: ठीक करें या हटा दें।',
    );
  });

  it('say how many living plants are left out of CO₂, in each language', () => {
    expect(enCommon['four.unconfirmed']!({ count: 1, months: '12' })).toBe(
      'CO₂ and O₂ count plants alive at last check only: 1 living plant not checked in 12 months is left out as unconfirmed.',
    );
    expect(enCommon['four.unconfirmed']!({ count: 1200, months: '12' })).toBe(
      'CO₂ and O₂ count plants alive at last check only: 1,200 living plants not checked in 12 months are left out as unconfirmed.',
    );
    expect(esCommon['four.unconfirmed']!({ count: 2, months: '12' })).toContain(
      '2 plantas vivas sin revisar en 12 meses quedan fuera',
    );
    expect(hiCommon['four.unconfirmed']!({ count: 1, months: '12' })).toContain(
      '1 ज़िंदा पौधा पुष्ट न होने के कारण शामिल नहीं है',
    );
  });
});
