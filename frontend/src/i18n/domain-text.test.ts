import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainLines, domainText } from './domain-text.ts';

describe('the domain’s English read in the language on screen', () => {
  beforeAll(() => {
    i18n.setMessagesCompiler(compileMessage);
    // As the server catalog has them (platform/i18n/locales/hi.po), loaded with the rest of the catalogs.
    i18n.loadAndActivate({
      locale: 'hi',
      messages: {
        'Order #{number} is shipped': 'ऑर्डर #{number} भेज दिया गया',
        '{buyer} asks to return {list}.': '{buyer} {list} रिटर्न करना चाहते हैं।',
        'Reason: {reason}': 'कारण: {reason}',
      },
    });
  });
  afterAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('reads a message made from a template back, with its values', () => {
    expect(domainText('Order #8d3f1c2a-1 is shipped')).toBe('ऑर्डर #8d3f1c2a-1 भेज दिया गया');
  });

  it('reads a notice line by line, leaving a buyer’s own words as written', () => {
    expect(domainLines('Asha Rao asks to return 1 × Brass Diya.\nReason: Chipped\n“Lovely”')).toBe(
      'Asha Rao 1 × Brass Diya रिटर्न करना चाहते हैं।\nकारण: Chipped\n“Lovely”',
    );
  });
});
