import { afterEach, describe, expect, it } from 'vitest';
import { NOTICE_KINDS, NOTICE_MAILS } from '../../../../domain/notification/notices.ts';
import { loadCatalogs } from '../../i18n/catalogs.ts';
import { i18n } from '../../i18n/i18n.ts';
import { noticeMailLabel } from './noticeMails.ts';

afterEach(() => i18n.loadAndActivate({ locale: 'en', locales: ['en-IN'], messages: {} }));

describe('the kinds of notice mail on the account page', () => {
  it('say in English exactly what the domain says', () => {
    i18n.loadAndActivate({ locale: 'en', locales: ['en-IN'], messages: {} });
    for (const kind of NOTICE_KINDS) expect(noticeMailLabel(kind)).toBe(NOTICE_MAILS[kind]);
  });

  it('are all in Hindi for a Hindi reader', async () => {
    i18n.loadAndActivate({ locale: 'hi', locales: ['hi-IN'], messages: await loadCatalogs('hi', 'rest') });
    for (const kind of NOTICE_KINDS) expect(noticeMailLabel(kind), kind).not.toBe(NOTICE_MAILS[kind]);
    expect(noticeMailLabel('order_shipped')).toBe('आपका ऑर्डर भेज दिया गया');
  });
});
