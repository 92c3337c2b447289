import { describe, expect, it } from 'vitest';
import { type HelpRequest, mayEscalate, paiseOf } from './helpRequests.ts';

const help = (status: HelpRequest['status']) => ({ status, answerBy: '2026-05-03T10:00:00.000Z' }) as HelpRequest;

describe('help requests in the SPA', () => {
  it('offers "Ask MIBI to decide" as the server allows it', () => {
    const before = Date.parse('2026-05-03T09:59:59.999Z');
    const after = Date.parse('2026-05-03T10:00:00.000Z');
    expect(mayEscalate(help('open'), before)).toBe(false);
    expect(mayEscalate(help('open'), after)).toBe(true);
    expect(mayEscalate(help('answered'), before)).toBe(true);
    expect(mayEscalate(help('resolved'), before)).toBe(true);
    expect(mayEscalate(help('escalated'), after)).toBe(false);
    expect(mayEscalate(help('decided'), after)).toBe(false);
  });

  it('reads a typed rupee amount as paise; blank is none, nonsense is refused by the schema', () => {
    expect(paiseOf('249.50')).toBe(24_950);
    expect(paiseOf(' ')).toBeUndefined();
    expect(paiseOf(null)).toBeUndefined();
    expect(paiseOf('lots')).toBeNaN();
  });
});
