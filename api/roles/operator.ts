/**
 * MIBI as the supplier on its own tax invoices, from MIBI_GSTIN, MIBI_LEGAL_NAME and MIBI_ADDRESS
 * (an invoice names its supplier's address: rule 46 of the CGST Rules). The GSTIN is
 * checked here rather than in platform/config (which knows no domain), at start, and a wrong one
 * stops the process with one line naming the variable, as a wrong setting of any other does.
 */
import { type Operator, operatorOf, SAMPLE_ADDRESS, SAMPLE_GSTIN } from '../../domain/invoice/commission.ts';
import { type Config, ConfigError } from '../../platform/config/config.ts';

/** Unset MIBI_GSTIN: the demo's sample (DEMO_DATA), or null, and MIBI issues no invoices of its own. */
export function mibiOperator(
  config: Pick<Config, 'MIBI_GSTIN' | 'MIBI_LEGAL_NAME' | 'MIBI_ADDRESS' | 'DEMO_DATA'>,
): Operator | null {
  const sample = config.MIBI_GSTIN === undefined && config.DEMO_DATA;
  const gstin = config.MIBI_GSTIN ?? (sample ? SAMPLE_GSTIN : null);
  if (gstin === null) return null;
  const address = config.MIBI_ADDRESS ?? (sample ? SAMPLE_ADDRESS : null);
  if (address === null)
    throw new ConfigError('MIBI_ADDRESS', "is required with MIBI_GSTIN: MIBI's invoices name its address");
  const operator = operatorOf(gstin, config.MIBI_LEGAL_NAME, address);
  if (typeof operator === 'string') throw new ConfigError('MIBI_GSTIN', `is not a valid GSTIN: ${operator}`);
  return operator;
}
