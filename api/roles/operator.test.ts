import { describe, expect, it } from 'vitest';
import { SAMPLE_ADDRESS, SAMPLE_GSTIN } from '../../domain/invoice/commission.ts';
import { GSTIN_MESSAGES } from '../../domain/tax/gstin.ts';
import { ConfigError, loadConfig } from '../../platform/config/config.ts';
import { mibiOperator } from './operator.ts';

const MUMBAI = '12 Nariman Point, Mumbai, Maharashtra 400021';

describe('MIBI_GSTIN', () => {
  it("names MIBI's GSTIN, legal name and the GSTIN's state", () => {
    const operator = mibiOperator(
      loadConfig({ MIBI_GSTIN: '27AAACM1234A1Z8', MIBI_LEGAL_NAME: 'MIBI Commerce LLP', MIBI_ADDRESS: MUMBAI }),
    );
    expect(operator).toEqual({
      gstin: '27AAACM1234A1Z8',
      legalName: 'MIBI Commerce LLP',
      address: MUMBAI,
      stateCode: '27',
      stateName: 'Maharashtra',
    });
  });

  it('is the sample in the demo when unset, and nothing outside it', () => {
    expect(mibiOperator(loadConfig({}))).toMatchObject({
      gstin: SAMPLE_GSTIN,
      legalName: 'MIBI Marketplace',
      address: SAMPLE_ADDRESS,
    });
    expect(mibiOperator(loadConfig({ DEMO_DATA: 'false' }))).toBeNull();
  });

  it('stops the start with one line naming the variable when it is not a GSTIN', () => {
    const refusal = (gstin: string) => {
      try {
        mibiOperator(loadConfig({ MIBI_GSTIN: gstin, MIBI_ADDRESS: MUMBAI }));
      } catch (error) {
        if (error instanceof ConfigError) return error;
      }
      throw new Error(`${gstin} was taken`);
    };
    expect(refusal('27AAACM1234A1Z9').message).toBe(
      `Invalid configuration: MIBI_GSTIN is not a valid GSTIN: ${GSTIN_MESSAGES.checkCharacter}`,
    );
    expect(refusal('27AAACM1234A1Z').variable).toBe('MIBI_GSTIN');
    expect(refusal('27aaacm1234a1z8').message).toContain(GSTIN_MESSAGES.lowerCase);
  });

  it("needs MIBI_ADDRESS beside it: an invoice names its supplier's address (rule 46)", () => {
    expect(() => mibiOperator(loadConfig({ MIBI_GSTIN: '27AAACM1234A1Z8' }))).toThrow(
      "Invalid configuration: MIBI_ADDRESS is required with MIBI_GSTIN: MIBI's invoices name its address",
    );
    expect(() => mibiOperator(loadConfig({ MIBI_GSTIN: '27AAACM1234A1Z8', MIBI_ADDRESS: ' ' }))).toThrow(ConfigError);
  });
});
