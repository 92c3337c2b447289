import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateDecider } from '../../domain/provenance/certificate.ts';
import { certificateStream, makerStream } from '../../domain/provenance/events.ts';
import { makerDecider } from '../../domain/provenance/maker.ts';
import { HANDLOOM_MARK, RAMESH } from '../../domain/provenance/provenance.fixtures.ts';
import { editStoredEvent } from '../../platform/eventstore/stored-event.fixtures.ts';
import { type TestApi, startTestApi } from '../../api/testing/harness.ts';
import { mibi } from './mibi.fixtures.ts';

describe('mibi verify-provenance', () => {
  let api: TestApi;
  const at = new Date().toISOString();

  beforeAll(async () => {
    api = await startTestApi();
    const { streams } = api.ctx;
    const meta = { actor: 's1' };
    await streams.handle(
      makerStream('m1'),
      makerDecider,
      { type: 'AddMaker', makerId: 'm1', sellerId: 's1', fields: RAMESH, at },
      meta,
    );
    const submit = {
      type: 'SubmitCertificate',
      certificateId: 'c1',
      sellerId: 's1',
      details: { ...HANDLOOM_MARK, validUntil: '2099-12-31' },
      at,
    } as const;
    await streams.handle(certificateStream('c1'), certificateDecider, submit, meta);
    const verify = { type: 'VerifyCertificate', certificateId: 'c1', by: 'a1', byName: 'Asha Admin', at } as const;
    await streams.handle(certificateStream('c1'), certificateDecider, verify, meta);
  });
  afterAll(() => api.close());

  it('finds every chain intact, then names the event edited in the store directly', async () => {
    const intact = await mibi(api.dir, 'verify-provenance');
    expect(intact).toMatchObject({ code: 0, stdout: '2 chains, 3 events: intact\n' });

    editStoredEvent(api.dir, 'certificate-c1', 1, (data) => ({ ...data, byName: 'Someone Else' }));

    const broken = await mibi(api.dir, 'verify-provenance');
    expect(broken.code).toBe(1);
    expect(broken.stdout).toBe(
      "certificate-c1 revision 1: CertificateVerified's data was changed after it was written (its hash does not match)\n" +
        '2 chains, 3 events: 1 broken\n',
    );
  });
});
