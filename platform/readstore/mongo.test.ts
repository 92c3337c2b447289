import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseContract } from '../lease/contract.ts';
import { announceSkip, composeImage, externalServer } from '../testing/external-server.ts';
import { type SilentServer, silentServer } from '../testing/silent-server.ts';
import { readStoreContract } from './contract.ts';
import { MongoReadStore } from './mongo.ts';

const SUITE = 'MongoReadStore';

// The image docker-compose.yml deploys, as a one-member replica set (transactions need one),
// ready once its member is primary. The member names itself by the container's host name, so
// clients outside connect directly rather than through replica set discovery.
const server = await externalServer('MONGO_URL', {
  image: composeImage('mongo'),
  async start(image) {
    const { MongoDBContainer } = await import('@testcontainers/mongodb');
    const started = await new MongoDBContainer(image).start();
    return {
      url: `${started.getConnectionString()}/?directConnection=true`,
      stop: async () => void (await started.stop()),
    };
  },
});

/** Stores on a database of their own, dropped afterwards. */
function openStores(count: number) {
  if ('skip' in server) throw new Error(server.skip);
  const { url } = server;
  const dbName = `mibi_readstore_${randomUUID().replaceAll('-', '')}`;
  const stores = Array.from({ length: count }, () => new MongoReadStore(url, dbName));
  const cleanup = async () => {
    const admin = new MongoClient(url);
    try {
      await admin.db(dbName).dropDatabase();
    } finally {
      await admin.close();
      await Promise.all(stores.map((store) => store.close()));
    }
  };
  return { url, dbName, stores, cleanup };
}

if (announceSkip(SUITE, server)) {
  // Declared all the same, so every test of the contracts is reported as skipped.
  describe.skip(SUITE, () => {
    readStoreContract('contract', () => Promise.reject(new Error(server.skip)));
    leaseContract('leases', () => Promise.reject(new Error(server.skip)));
  });
} else {
  describe(SUITE, () => {
    afterAll(() => server.stop());

    readStoreContract('contract', async () => {
      const { stores, cleanup } = openStores(1);
      return { store: stores[0]!, cleanup };
    });

    // Two clients on one database stand for two processes.
    leaseContract('leases', async () => {
      const { stores, cleanup } = openStores(2);
      return { stores: [stores[0]!, stores[1]!], cleanup };
    });

    describe('expiring documents', () => {
      let opened: ReturnType<typeof openStores>;
      let raw: MongoClient;
      beforeAll(async () => {
        opened = openStores(1);
        raw = new MongoClient(opened.url);
      });
      afterAll(async () => {
        await raw.close();
        await opened.cleanup();
      });

      it('stores the expiry field as a date under a TTL index, and reads the document back unchanged', async () => {
        const [store] = opened.stores;
        const sessions = store!.collection({ name: 'expiring', indexes: [['userId']], expireAt: 'expiresAt' });
        const doc = { id: 's1', userId: 'u1', expiresAt: '2030-01-02T03:04:05.000Z' };
        await sessions.put(doc);
        expect(await sessions.get('s1')).toEqual(doc);

        const stored = raw.db(opened.dbName).collection('expiring');
        expect((await stored.findOne({ _id: 's1' as never }))?._expiresAt).toEqual(new Date(doc.expiresAt));
        const indexes = await stored.indexes();
        expect(indexes.find((index) => index.name === '_expiresAt_ttl')).toMatchObject({
          key: { _expiresAt: 1 },
          expireAfterSeconds: 0,
        });

        // A renewal moves the date the index reads.
        const later = '2031-01-01T00:00:00.000Z';
        expect(await sessions.patch('s1', { expiresAt: later })).toEqual({ ...doc, expiresAt: later });
        expect((await stored.findOne({ _id: 's1' as never }))?._expiresAt).toEqual(new Date(later));
      });

      it('leaves collections without an expiry field alone', async () => {
        const [store] = opened.stores;
        await store!.collection('plain').put({ id: 'p', expiresAt: '2030-01-01T00:00:00.000Z' });
        const stored = raw.db(opened.dbName).collection('plain');
        expect(await stored.findOne({ _id: 'p' as never })).not.toHaveProperty('_expiresAt');
      });
    });
  });
}

describe(`${SUITE} against a server that accepts connections but never answers`, () => {
  const timeoutMs = 300;
  let silent: SilentServer;
  let store: MongoReadStore;

  beforeAll(async () => {
    silent = await silentServer();
    store = new MongoReadStore(`mongodb://127.0.0.1:${silent.port}/?directConnection=true`, 'silent', { timeoutMs });
  });
  afterAll(async () => {
    await store.close();
    await silent.close();
  });

  it.each<[string, (store: MongoReadStore) => Promise<unknown>]>([
    ['get', (s) => s.collection('items').get('a')],
    ['find', (s) => s.collection('items').find({ where: { kind: 'x' } })],
    ['put', (s) => s.collection('items').put({ id: 'a' })],
    ['checkpoint', (s) => s.checkpoint('p')],
    [
      'commit',
      (s) => {
        const work = s.unitOfWork();
        work.put('items', { id: 'a' });
        return s.commit(work, 'p', 1, { lease: 'p', epoch: 1 });
      },
    ],
    ['lease acquire', (s) => s.leases.acquire('p', 'me', 1000)],
  ])('%s rejects soon instead of hanging', async (_name, call) => {
    const started = performance.now();
    await expect(call(store)).rejects.toThrow();
    // Server selection gives up after the timeout; connecting takes at most as long again.
    expect(performance.now() - started).toBeLessThan(timeoutMs * 3 + 1000);
  });
});
