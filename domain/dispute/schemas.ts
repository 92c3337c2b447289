/** The bodies of the help requests' and disputes' commands: field rules only; what fits the order is the decider's. */
import { z } from 'zod';
import { requiredText } from '../fields.ts';
import { MAX_MESSAGE_LENGTH, messageSchema } from '../conversation/schemas.ts';
import { DISPUTE_OUTCOMES, HELP_REASONS, HELP_RESOLUTIONS } from './events.ts';

export const HELP_INPUT_MESSAGES = {
  reason: /*i18n*/ 'Choose what went wrong',
  text: /*i18n*/ 'Tell us what happened',
  answer: /*i18n*/ 'Write your answer',
  resolution: /*i18n*/ 'Choose how you resolve it',
  outcome: /*i18n*/ 'Choose a decision',
  decisionReason: /*i18n*/ 'Give a reason both sides will see',
  amount: /*i18n*/ 'Amount must be a whole number of paise above 0',
} as const;

const text = (required: string) => requiredText(required, MAX_MESSAGE_LENGTH, /*i18n*/ 'Text', { multiline: true });

const amountPaise = z
  .number({ error: HELP_INPUT_MESSAGES.amount })
  .int(HELP_INPUT_MESSAGES.amount)
  .positive(HELP_INPUT_MESSAGES.amount)
  .max(Number.MAX_SAFE_INTEGER, HELP_INPUT_MESSAGES.amount);

/** A buyer's help request: what went wrong, in their words, with up to MAX_MESSAGE_IMAGES photos (uploads to the thread). */
export const askForHelpSchema = z.object({
  reason: z.enum(HELP_REASONS, { error: HELP_INPUT_MESSAGES.reason }),
  text: text(HELP_INPUT_MESSAGES.text),
  images: messageSchema.shape.images,
});

export const helpAnswerSchema = z.object({ text: text(HELP_INPUT_MESSAGES.answer) });

export const helpResolutionSchema = z.object({
  resolution: z.enum(HELP_RESOLUTIONS, { error: HELP_INPUT_MESSAGES.resolution }),
  /** Required for a refund; ignored otherwise. */
  amountPaise: amountPaise.optional(),
  text: text(HELP_INPUT_MESSAGES.answer),
});

export const escalateSchema = z.object({ text: text(HELP_INPUT_MESSAGES.text) });

export const disputeDecisionSchema = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES, { error: HELP_INPUT_MESSAGES.outcome }),
  /** Required for a refund; ignored otherwise. */
  amountPaise: amountPaise.optional(),
  reason: text(HELP_INPUT_MESSAGES.decisionReason),
});

export type AskForHelpInput = z.output<typeof askForHelpSchema>;
export type HelpResolutionInput = z.output<typeof helpResolutionSchema>;
export type DisputeDecisionInput = z.output<typeof disputeDecisionSchema>;
