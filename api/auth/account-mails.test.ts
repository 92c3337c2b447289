import { describe, expect, it } from 'vitest';
import { mailLanguage } from '../../workers/mail-language.ts';
import { mailRecipient, passwordChangedMail, secondFactorChangedMail, verificationMail } from './account-mails.ts';

const config = { PUBLIC_URL: 'https://mibi.example', PORT: 3000 };
const at = '2026-03-05T11:00:00.000Z'; // 16:30 in India
const asha = (language: 'hi' | 'en' | null) => mailRecipient({ email: 'asha@example.com', language });

describe('the account mails', () => {
  it('verify the address in Hindi to an owner who chose Hindi', () => {
    const mail = verificationMail(asha('hi'), 'https://mibi.example/verify-email?secret=a.b');
    expect(mail.subject).toBe('अपना MIBI ईमेल पता सत्यापित करें');
    expect(mail.text).toContain('MIBI में आपका स्वागत है!');
    expect(mail.text).toContain('https://mibi.example/verify-email?secret=a.b');
    expect(mail.text).not.toMatch(/Welcome|link|account|e-mail/);
  });

  it('tell of a password change in Hindi, dated the Indian way in Hindi', () => {
    const mail = passwordChangedMail(config, asha('hi'), at, 'k');
    expect(mail.subject).toBe('आपका MIBI पासवर्ड बदल दिया गया');
    expect(mail.text).toContain('आपके MIBI खाते (asha@example.com) का पासवर्ड 5 मार्च 2026');
    expect(mail.text).toContain('इसे अभी यहाँ रीसेट करें: https://mibi.example/forgot-password');
  });

  it('tell of each change of the second step in Hindi', () => {
    expect(secondFactorChangedMail(config, asha('hi'), 'on', at, 'k').subject).toBe('टू-स्टेप लॉग इन चालू किया गया');
    expect(secondFactorChangedMail(config, asha('hi'), 'off', at, 'k').subject).toBe('टू-स्टेप लॉग इन बंद किया गया');
    const codes = secondFactorChangedMail(config, asha('hi'), 'codes', at, 'k');
    expect(codes.subject).toBe('नए रिकवरी कोड बनाए गए');
    expect(codes.text).toContain('(पुराने कोड अब काम नहीं करते)');
  });

  it('stay in English, word for word, to an owner who chose English, as to one who never chose', () => {
    for (const language of ['en', null] as const) {
      expect(verificationMail(asha(language), 'L').subject).toBe('Verify your MIBI e-mail address');
      expect(passwordChangedMail(config, asha(language), at, 'k').text).toBe(
        [
          'The password of your MIBI account (asha@example.com) was changed on 5 March 2026 at 4:30 pm IST.',
          '',
          'If this was you, there is nothing to do.',
          '',
          'If it was not you, someone else may have your password: reset it now at https://mibi.example/forgot-password',
          '(a reset signs out every device), and tell us by replying to this e-mail.',
        ].join('\n'),
      );
      const codes = secondFactorChangedMail(config, asha(language), 'codes', at, 'k');
      expect(codes.subject).toBe('New recovery codes were made');
      expect(codes.text).toMatch(
        /^New recovery codes were made for your MIBI account \(the old ones no longer work\) \(asha@example.com\) on 5 March 2026/,
      );
      expect(mailLanguage(language).formatLocale).toBe('en-IN');
    }
  });
});
