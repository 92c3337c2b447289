import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bus } from './port.ts';
import { captureLog } from '../log.fixtures.ts';

export interface OpenedBus {
  bus: Bus;
  cleanup(): Promise<void>;
}

const WAIT = { timeout: 5_000, interval: 5 };

/** Waits until `received` holds exactly `expected`: delivery may be asynchronous. */
async function receives(received: unknown[], expected: unknown[]): Promise<void> {
  await vi.waitFor(() => expect(received).toEqual(expected), WAIT);
}

/**
 * The behaviour every Bus adapter must show; each test gets a freshly opened bus.
 * Proving that something did NOT arrive relies on order: a later message on the same
 * path arriving alone means the earlier one was never sent there.
 */
export function busContract(name: string, open: () => Promise<OpenedBus>): void {
  describe(`Bus contract: ${name}`, () => {
    let opened: OpenedBus;
    let bus: Bus;

    beforeEach(async () => {
      opened = await open();
      bus = opened.bus;
    });

    afterEach(async () => {
      await opened.cleanup();
    });

    it('delivers a message to every subscriber of its channel and to no other channel', async () => {
      const first: unknown[] = [];
      const second: unknown[] = [];
      const elsewhere: unknown[] = [];
      await bus.subscribe('orders', (m) => void first.push(m));
      await bus.subscribe('orders', (m) => void second.push(m));
      await bus.subscribe('products', (m) => void elsewhere.push(m));

      await bus.publish('orders', 'order placed');
      await bus.publish('products', 'product listed');
      await receives(first, ['order placed']);
      await receives(second, ['order placed']);
      await receives(elsewhere, ['product listed']);
    });

    it('gives each subscription of the same function its own delivery', async () => {
      const received: unknown[] = [];
      const handler = (m: unknown) => void received.push(m);
      await bus.subscribe('twice', handler);
      const unsubscribe = await bus.subscribe('twice', handler);
      await bus.publish('twice', 1);
      await receives(received, [1, 1]);
      await unsubscribe();
      await bus.publish('twice', 2);
      await receives(received, [1, 1, 2]);
    });

    it('stops delivering to a handler once it unsubscribes, and only to that one', async () => {
      const leaving: unknown[] = [];
      const staying: unknown[] = [];
      const unsubscribe = await bus.subscribe('changes', (m) => void leaving.push(m));
      await bus.subscribe('changes', (m) => void staying.push(m));
      await bus.publish('changes', 'before');
      await receives(leaving, ['before']);

      await unsubscribe();
      await unsubscribe();
      await bus.publish('changes', 'after');
      await receives(staying, ['before', 'after']);
      expect(leaving).toEqual(['before']);
    });

    it('delivers again on a channel subscribed anew after its last subscriber left', async () => {
      const received: unknown[] = [];
      const unsubscribe = await bus.subscribe('again', (m) => void received.push(['gone', m]));
      await unsubscribe();
      await bus.subscribe('again', (m) => void received.push(['back', m]));
      await bus.publish('again', 1);
      await receives(received, [['back', 1]]);
    });

    it('delivers messages in the order they were published', async () => {
      const received: unknown[] = [];
      await bus.subscribe('ordered', (m) => void received.push(m));
      const sent = Array.from({ length: 50 }, (_, i) => i);
      for (const i of sent) await bus.publish('ordered', i);
      await receives(received, sent);
    });

    it('delivers structured messages as their JSON round trip', async () => {
      const received: unknown[] = [];
      await bus.subscribe('structured', (m) => void received.push(m));
      const notice = {
        projection: 'products',
        position: 1234,
        changed: [{ id: 'p-1', title: 'Banarasi silk saree', pricePaise: 1_250_000, featured: true, discount: null }],
      };
      await bus.publish('structured', notice);
      await bus.publish('structured', { at: new Date('2025-01-26T00:00:00.000Z'), missing: undefined });
      await receives(received, [notice, { at: '2025-01-26T00:00:00.000Z' }]);
    });

    it('keeps delivering to other handlers when one throws', async () => {
      const quiet = captureLog('error');
      try {
        const received: unknown[] = [];
        await bus.subscribe('fragile', () => {
          throw new Error('handler bug');
        });
        await bus.subscribe('fragile', (m) => void received.push(m));
        await bus.publish('fragile', 'first');
        await bus.publish('fragile', 'second');
        await receives(received, ['first', 'second']);
      } finally {
        quiet.restore();
      }
    });

    it('refuses to publish or subscribe after close(), which may be called twice', async () => {
      const unsubscribe = await bus.subscribe('closing', () => {});
      await bus.close();
      await bus.close();
      await unsubscribe();
      await expect(bus.publish('closing', 'late')).rejects.toThrow('closed');
      await expect(bus.subscribe('closing', () => {})).rejects.toThrow('closed');
    });
  });
}

/**
 * For adapters that carry messages between instances (threads, processes): `open(name)` opens
 * an instance of the deployment `name`; instances of one name share messages, of two do not.
 */
export function sharedBusContract(name: string, open: (deployment: string) => Bus): void {
  it(`${name}: carries messages between instances of one deployment, and only those`, async () => {
    const deployment = randomUUID();
    const [projections, api, otherDeployment] = [open(deployment), open(deployment), open(randomUUID())];
    try {
      const atApi: unknown[] = [];
      const atOther: unknown[] = [];
      await api.subscribe('changes', (m) => void atApi.push(m));
      await otherDeployment.subscribe('changes', (m) => void atOther.push(m));
      await projections.publish('changes', { position: 1 });
      await otherDeployment.publish('changes', 'own');
      await receives(atApi, [{ position: 1 }]);
      await receives(atOther, ['own']);
    } finally {
      await Promise.all([projections.close(), api.close(), otherDeployment.close()]);
    }
  });
}
