import './zod-jitless.ts';
import { expect, it } from 'vitest';
import { config } from 'zod/v4/core';

it('leaves zod jitless when set before zod loads', () => {
  expect(config().jitless).toBe(true);
});
