import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The opening `<form …>` tags of a TSX source that leave checking to the browser (no `noValidate`). */
const browserCheckedForms = (source: string): string[] =>
  [...source.matchAll(/<form\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => !/\bnoValidate\b/.test(tag));

describe('forms', () => {
  it('finds a form that leaves its checks to the browser', () => {
    expect(browserCheckedForms('<form onSubmit={send}>\n<input required /></form>')).toEqual([
      '<form onSubmit={send}>',
    ]);
    expect(browserCheckedForms('<form\n  onSubmit={send}\n  noValidate\n>')).toEqual([]);
  });

  // One way to tell what is wrong: the message under its field (useForm, a dialog's own check), never the browser's bubble.
  it('every form of the SPA checks its fields itself', () => {
    const root = 'frontend/src';
    const offenders = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.tsx'))
      .flatMap((path) => browserCheckedForms(readFileSync(join(root, path), 'utf8')).map((tag) => `${path}: ${tag}`));
    expect(offenders).toEqual([]);
  });
});
