import { describe, expect, it } from 'vitest';
import { codeFailuresMail } from '../domain/account/notices.ts';
import { mailLanguage } from './mail-language.ts';

// What the worker mails: codeFailuresMail in the language of the account (mailLanguage(account.language)).
const mailIn = (language: 'hi' | 'en' | null) =>
  codeFailuresMail(
    'asha@example.com',
    { failures: 5, waitMinutes: 15 },
    '2026-03-05T11:00:00.000Z',
    'https://mibi.example/forgot-password',
    mailLanguage(language),
  );

describe('the mail of wrong sign-in codes', () => {
  it('is in Hindi to an owner who chose Hindi', () => {
    const mail = mailIn('hi');
    expect(mail.subject).toBe('आपके MIBI खाते के लिए ग़लत लॉग इन कोड');
    expect(mail.text).toContain('दूसरे चरण के 5 ग़लत कोड डाले, आख़िरी बार 5 मार्च 2026');
    expect(mail.text).toContain('अगले 15 मिनट तक कोड स्वीकार नहीं किए जाएँगे');
    expect(mail.text).toContain('इसे अभी यहाँ बदलें: https://mibi.example/forgot-password');
  });

  it('stays in English to an owner who chose English, as to one who never chose', () => {
    for (const language of ['en', null] as const) {
      const mail = mailIn(language);
      expect(mail.subject).toBe('Wrong sign-in codes for your MIBI account');
      expect(mail.text.split('\n')[0]).toBe(
        'Someone signed in to your MIBI account (asha@example.com) with its password and then gave 5 wrong codes of the second step, the last on 5 March 2026 at 4:30 pm IST.',
      );
      expect(mail.text).toContain('change it now at https://mibi.example/forgot-password');
    }
  });
});
