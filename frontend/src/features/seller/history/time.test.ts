import { i18n } from '@lingui/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locale } from '../../../i18n/locale.ts';
import { fromLocalInput, timeAgo, toLocalInput } from './time.ts';

describe('timeAgo', () => {
  const now = Date.parse('2025-03-05T12:00:00Z');
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('says how long ago in the largest whole unit', () => {
    expect(timeAgo('2025-03-05T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2025-03-05T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2025-03-05T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2025-03-04T12:00:00Z', now)).toBe('yesterday');
    expect(timeAgo('2025-02-12T12:00:00Z', now)).toBe('3 weeks ago');
  });

  describe('in Hindi', () => {
    beforeAll(() => {
      locale.value = 'hi';
      i18n.loadAndActivate({ locale: 'hi', messages: {} });
    });
    afterAll(() => {
      locale.value = 'en';
      i18n.loadAndActivate({ locale: 'en', messages: {} });
    });

    it('says it the way Hindi does', () => {
      expect(timeAgo('2025-03-05T11:55:00Z', now)).toBe('5 मिनट पहले');
      expect(timeAgo('2025-03-04T12:00:00Z', now)).toBe('कल');
    });
  });
});

describe('datetime-local values', () => {
  it('go to the second and back to the same instant', () => {
    const iso = '2025-03-05T10:30:07.000Z';
    expect(toLocalInput(iso)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
  });

  it('are null when empty or not a date', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
  });
});
