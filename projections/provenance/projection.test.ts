import { describe, expect, it } from 'vitest';
import type { AccountEvent } from '../../domain/account/events.ts';
import { type Decider, fold } from '../../domain/decider.ts';
import { type CertificateCommand, certificateDecider } from '../../domain/provenance/certificate.ts';
import { certificateStream, makerStream, originStream } from '../../domain/provenance/events.ts';
import { type MakerCommand, makerDecider } from '../../domain/provenance/maker.ts';
import { originDecider } from '../../domain/provenance/origin.ts';
import { HANDLOOM_MARK, RAMESH } from '../../domain/provenance/provenance.fixtures.ts';
import { projectionStores } from '../projection.fixtures.ts';
import { provenance } from './projection.ts';

const stores = projectionStores(provenance);
const at = '2026-11-01T10:00:00.000Z';

/** Decides each command on the stream as stored and appends what it decided. */
async function run<C, S, E extends { type: string; data: unknown }>(
  stream: string,
  decider: Decider<C, S, E>,
  ...commands: C[]
) {
  for (const command of commands) {
    const past = (await stores.events.readStream(stream)) as unknown as E[];
    const events = decider.decide(command, fold(decider, past));
    await stores.events.append(stream, events, past.length === 0 ? 'no_stream' : past.length - 1);
  }
}

const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: {
    userId: 's1',
    fullName: 'Meera Weaves',
    email: 'meera@example.com',
    emailNormalized: 'meera@example.com',
    passwordHash: 'x',
    role: 'seller',
    registeredAt: at,
  },
};

describe('the provenance projection', () => {
  it('keeps makers with their artisan ID masked, removed ones marked, and products’ origins', async () => {
    const add: MakerCommand = { type: 'AddMaker', makerId: 'm1', sellerId: 's1', fields: RAMESH, at };
    await run(makerStream('m1'), makerDecider, add, {
      type: 'RemoveMaker',
      makerId: 'm1',
      sellerId: 's1',
      at: '2026-11-02T00:00:00.000Z',
    });
    await run(originStream('p1'), originDecider, {
      type: 'StateOrigin',
      productId: 'p1',
      sellerId: 's1',
      makerIds: ['m1'],
      method: 'handloom',
      productionPartner: null,
      at,
    });
    await stores.runner().catchUp(provenance.name);
    const { makers, origins } = await stores.documents();
    expect(makers).toEqual([
      {
        id: 'm1',
        sellerId: 's1',
        ...RAMESH,
        artisanId: { kind: 'pehchan', masked: '••••••5678' },
        removed: true,
        updatedAt: '2026-11-02T00:00:00.000Z',
      },
    ]);
    expect(JSON.stringify(makers)).not.toContain('UP1234');
    expect(origins).toEqual([
      {
        id: 'p1',
        productId: 'p1',
        sellerId: 's1',
        makerIds: ['m1'],
        method: 'handloom',
        productionPartner: null,
        statedAt: at,
      },
    ]);
  });

  it("keeps a certificate's state, who decided and why, its notices, and its seller's current shop name", async () => {
    await stores.events.append('account-s1', [registered], 'no_stream');
    const id = { certificateId: 'c1' };
    const commands: CertificateCommand[] = [
      { type: 'SubmitCertificate', ...id, sellerId: 's1', details: HANDLOOM_MARK, at },
      { type: 'VerifyCertificate', ...id, by: 'a1', byName: 'Asha Admin', at: '2026-11-02T00:00:00.000Z' },
      { type: 'NoticeExpiry', ...id, daysBefore: 30, at: '2026-12-01T00:00:00.000Z' },
    ];
    await run(certificateStream('c1'), certificateDecider, ...commands);
    await stores.events.append(
      'seller-s1',
      [
        {
          type: 'SellerProfileUpdated',
          data: {
            sellerId: 's1',
            by: 's1',
            at,
            displayName: 'Meera Handlooms',
            region: null,
            craft: null,
            story: null,
          },
        },
      ],
      'no_stream',
    );
    await stores.runner().catchUp(provenance.name);
    expect((await stores.documents()).certificates).toEqual([
      {
        id: 'c1',
        sellerId: 's1',
        sellerName: 'Meera Handlooms',
        ...HANDLOOM_MARK,
        state: 'verified',
        submittedAt: at,
        decidedAt: '2026-11-02T00:00:00.000Z',
        decidedBy: 'a1',
        decidedByName: 'Asha Admin',
        reason: null,
        noticed: [30],
      },
    ]);
    await run(certificateStream('c1'), certificateDecider, {
      type: 'RevokeCertificate',
      ...id,
      by: 'a2',
      reason: 'Registration cancelled',
      at: '2026-12-02T00:00:00.000Z',
    });
    await stores.runner().catchUp(provenance.name);
    expect((await stores.documents()).certificates![0]).toMatchObject({
      state: 'revoked',
      decidedBy: 'a2',
      decidedByName: null,
      reason: 'Registration cancelled',
    });
  });
});
