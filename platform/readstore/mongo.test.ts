import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, describe } from 'vitest';
import { announceSkip, externalServer } from '../testing/external-server.ts';
import { readStoreContract } from './contract.ts';
import { MongoReadStore } from './mongo.ts';

const server = await externalServer('MONGO_URL', {
  image: 'mongo:7',
  port: 27017,
  url: (host, port) => `mongodb://${host}:${port}`,
});

if (announceSkip('MongoReadStore', server)) {
  // Declared all the same, so every test of the contract is reported as skipped.
  describe.skip('MongoReadStore', () => readStoreContract('contract', () => Promise.reject(new Error(server.skip))));
} else {
  const { url, stop } = server;
  describe('MongoReadStore', () => {
    afterAll(stop);
    readStoreContract('contract', async () => {
      const dbName = `mibi_readstore_${randomUUID().replaceAll('-', '')}`;
      const store = new MongoReadStore(url, dbName);
      return {
        store,
        async cleanup() {
          const admin = new MongoClient(url);
          try {
            await admin.db(dbName).dropDatabase();
          } finally {
            await admin.close();
            await store.close();
          }
        },
      };
    });
  });
}
