/**
 * MIBI as the supplier on its own tax invoices, from MIBI_GSTIN and MIBI_LEGAL_NAME. The GSTIN is
 * checked here rather than in platform/config (which knows no domain), at start, and a wrong one
 * stops the process with one line naming the variable, as a wrong setting of any other does.
 */
import { type Operator, operatorOf, SAMPLE_GSTIN } from '../../domain/invoice/commission.ts';
import { type Config, ConfigError } from '../../platform/config/config.ts';

/** Unset MIBI_GSTIN: the demo's sample (DEMO_DATA), or null, and MIBI issues no invoices of its own. */
export function mibiOperator(config: Pick<Config, 'MIBI_GSTIN' | 'MIBI_LEGAL_NAME' | 'DEMO_DATA'>): Operator | null {
  const gstin = config.MIBI_GSTIN ?? (config.DEMO_DATA ? SAMPLE_GSTIN : null);
  if (gstin === null) return null;
  const operator = operatorOf(gstin, config.MIBI_LEGAL_NAME);
  if (typeof operator === 'string') throw new ConfigError('MIBI_GSTIN', `is not a valid GSTIN: ${operator}`);
  return operator;
}
