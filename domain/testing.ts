import { expect } from 'vitest';
import type { z } from 'zod';
import type { Actor } from './actor.ts';
import { type Decider, DomainError, type DomainErrorKind, fold } from './decider.ts';
import { fieldErrors } from './fields.ts';

export interface ExpectedError {
  code: string;
  kind: DomainErrorKind;
  message?: string;
  fields?: Record<string, string>;
}

/**
 * Given/when/then over a decider, for tests only:
 * `given(decider, pastEvents).when(command).then(newEvents)` or `.then({ code, kind, message })`.
 */
export function given<C, S, E>(decider: Decider<C, S, E>, history: readonly E[] = []) {
  return {
    when(command: C) {
      return {
        then(expected: readonly E[] | ExpectedError): void {
          const decide = () => decider.decide(command, fold(decider, history));
          if (Array.isArray(expected)) {
            expect(decide()).toEqual(expected);
            return;
          }
          let thrown: unknown;
          try {
            decide();
          } catch (error) {
            thrown = error;
          }
          expect(thrown, 'expected a DomainError').toBeInstanceOf(DomainError);
          expect(thrown).toMatchObject(expected);
        },
      };
    },
  };
}

/** The people of the tests. */
export const actors = {
  buyer: { userId: 'buyer-1', roles: ['buyer'] },
  otherBuyer: { userId: 'buyer-2', roles: ['buyer'] },
  seller: { userId: 'seller-1', roles: ['seller'] },
  otherSeller: { userId: 'seller-2', roles: ['seller'] },
  admin: { userId: 'admin-1', roles: ['admin'] },
  analyst: { userId: 'analyst-1', roles: ['buyer', 'analyst'] },
} satisfies Record<string, Actor>;

export const AT = '2024-05-01T10:00:00.000Z';

/** The field errors a schema reports for `input`, as a form shows them; none when it parses. */
export const errorsOf = (schema: z.ZodType, input: unknown): Record<string, string> => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};
