import { describe, expect, it } from 'vitest';
import { inLanguage } from '../../i18n/catalogs.fixtures.ts';
import { noticeToast } from './noticeToast.ts';

describe('noticeToast', () => {
  inLanguage('hi');

  it('tells of a notice in the language on screen, the names in it as written', () => {
    const shipped = { title: 'Order #8d3f1c2a-1 is shipped', body: 'Meera Weaves has shipped 1 × Brass Diya.' };
    expect(noticeToast(shipped)).toEqual({
      title: 'ऑर्डर #8d3f1c2a-1 भेज दिया गया',
      description: 'Meera Weaves ने 1 × Brass Diya भेज दिया है।',
      tone: 'info',
    });
  });
});
