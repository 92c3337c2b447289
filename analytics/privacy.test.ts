import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { currentSchemas, type JsonSchema } from '../domain/event-catalog.ts';
import { PUNE_ADDRESS } from '../domain/order/addresses.fixtures.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import { everyDocument } from '../scripts/cli/marketplace.fixtures.ts';
import { ANALYST_KEY_FILE, analystKey, FIELDS, pseudonymizer } from './privacy.ts';
import { personalMarketplaceSuite } from './privacy.fixtures.ts';

const KEY = 'a'.repeat(64);
const BUYER = '0b9e3f1c-5d2a-4e8b-9c71-2f4a6d8e0b13';
const ORDER = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

const event = (type: string, data: unknown, actor: string | null = BUYER): RecordedEvent => ({
  id: '11111111-2222-4333-8444-555555555555',
  type,
  data,
  stream: `order-${ORDER}`,
  revision: 0,
  position: 7,
  metadata: { actor, correlationId: ORDER, causationId: null, time: '2026-10-01T10:00:00.000Z' },
});

/** Every property name of a JSON Schema, at any depth. */
function schemaNames(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) schemaNames(item, into);
  else if (schema !== null && typeof schema === 'object') {
    const { properties, ...rest } = schema as JsonSchema;
    if (properties && typeof properties === 'object')
      for (const [name, inner] of Object.entries(properties)) {
        into.add(name);
        schemaNames(inner, into);
      }
    for (const inner of Object.values(rest)) schemaNames(inner, into);
  }
  return into;
}

/** Every field name of a JSON value (a map's keys are data, not names). */
function valueNames(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) valueNames(item, into);
  else if (value !== null && typeof value === 'object')
    for (const [name, inner] of Object.entries(value)) {
      into.add(name);
      if (FIELDS[name] === 'map' && inner !== null && typeof inner === 'object' && !Array.isArray(inner))
        for (const entry of Object.values(inner)) valueNames(entry, into);
      else valueNames(inner, into);
    }
  return into;
}

const unclassified = (names: Iterable<string>) => [...names].filter((name) => !(name in FIELDS)).sort();

describe('the classification of fields', () => {
  it('classifies every field of every catalogued event schema', () => {
    const names = new Set<string>();
    for (const { schema } of currentSchemas()) schemaNames(schema, names);
    expect(names.size).toBeGreaterThan(50);
    expect(unclassified(names)).toEqual([]);
  });
});

describe('a pseudonymizer', () => {
  const analyst = pseudonymizer(KEY);

  it('gives a user the same pseudonym with the same key, another with another key, and none that shows the id', () => {
    const pseudonym = analyst.user(BUYER)!;
    expect(pseudonym).toMatch(/^p_[0-9a-f]{16}$/);
    expect(pseudonymizer(KEY).user(BUYER)).toBe(pseudonym);
    expect(pseudonymizer(KEY).user(BUYER.toUpperCase())).toBe(pseudonym);
    expect(pseudonymizer('b'.repeat(64)).user(BUYER)).not.toBe(pseudonym);
    expect(analyst.user(ORDER)).not.toBe(pseudonym);
    expect(analyst.user(null)).toBeNull();
    expect(analyst.user('system')).toBe('system');
    expect(analyst.user('reactor:refund')).toBe('reactor:refund');
    // An id of another shape is still no one's to read.
    expect(analyst.user('buyer-1')).toMatch(/^p_[0-9a-f]{16}$/);
  });

  it('is the HMAC-SHA256 of the id with the key, for a key shorter or longer than a block, and remembers none wrongly', () => {
    for (const key of [KEY, 'k', 'x'.repeat(200)]) {
      const hmac = (id: string) => `p_${createHmac('sha256', key).update(id).digest('hex').slice(0, 16)}`;
      const keyed = pseudonymizer(key);
      for (const id of [BUYER, ORDER, BUYER, 'buyer-1']) expect(keyed.user(id)).toBe(hmac(id));
    }
  });

  it("leaves out an order's personal fields, keeps its place, and pseudonymizes every id wherever it is", () => {
    const seen = analyst.event(
      event('OrderPlaced', {
        orderId: ORDER,
        buyerId: BUYER,
        buyerName: 'Asha Rao',
        shippingAddress: PUNE_ADDRESS,
        lines: [
          {
            productId: 'p-1',
            name: 'Brass diya',
            quantity: 2,
            personalisation: [{ question: 'Name?', answer: 'Asha' }],
          },
        ],
        totalPaise: 50_000,
      }),
    );
    expect(seen.data).toEqual({
      orderId: analyst.user(ORDER),
      buyerId: analyst.user(BUYER),
      shippingAddress: { city: 'Pune', state: 'Maharashtra', pincode: '411001' },
      lines: [{ productId: 'p-1', name: 'Brass diya', quantity: 2, personalisation: [{ question: 'Name?' }] }],
      totalPaise: 50_000,
    });
    expect(seen).toMatchObject({
      stream: `order-${analyst.user(ORDER)}`,
      revision: 0,
      position: 7,
      metadata: { actor: analyst.user(BUYER), correlationId: analyst.user(ORDER), time: '2026-10-01T10:00:00.000Z' },
    });
    expect(JSON.stringify(seen)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it('keeps a reason or a status that is a code and leaves out one that is free text', () => {
    const data = (reason: string, to: string) =>
      analyst.event(event('X', { reason, to, by: 'system' })).data as Record<string, unknown>;
    expect(data('damaged', 'processing')).toEqual({ reason: 'damaged', to: 'processing', by: 'system' });
    expect(data('Changed my mind', 'asha@example.com')).toEqual({ by: 'system' });
  });

  it('leaves out a field it does not know, and secrets wherever they are', () => {
    const seen = analyst.event(
      event('AccountRegistered', { userId: BUYER, passwordHash: 'scrypt$abc', nickname: 'Ashu', role: 'buyer' }),
    );
    expect(seen.data).toEqual({ userId: analyst.user(BUYER), role: 'buyer' });
  });

  it("leaves out a maker's name, story and artisan ID, keeping its kind, craft and place, while a product's name stays", () => {
    const maker = {
      makerId: ORDER,
      sellerId: BUYER,
      kind: 'artisan',
      name: 'Ramesh Kumar',
      craft: 'Banarasi weaving',
      cluster: { place: 'Sarai Mohana', district: 'Varanasi', state: 'Uttar Pradesh', pin: '221001' },
      artisanId: { kind: 'pehchan', number: 'UP123456789' },
      photo: null,
      story: 'Weaves with his father since 1998.',
      at: '2026-10-01T10:00:00.000Z',
      chain: { previousHash: null, hash: 'ab'.repeat(32) },
    };
    const kept = {
      makerId: analyst.user(ORDER),
      sellerId: analyst.user(BUYER),
      kind: 'artisan',
      craft: 'Banarasi weaving',
      cluster: maker.cluster,
      photo: null,
      at: maker.at,
    };
    expect(analyst.event(event('MakerAdded', maker)).data).toEqual(kept);
    expect(analyst.event(event('MakerChanged', maker)).data).toEqual(kept);
    expect(analyst.document('makers', { id: ORDER, name: 'Ramesh Kumar', story: 'Weaves.', craft: 'Zari' })).toEqual({
      id: analyst.user(ORDER),
      craft: 'Zari',
    });
    expect(analyst.event(event('ProductListed', { name: 'Banarasi saree' })).data).toEqual({ name: 'Banarasi saree' });
  });

  it("walks a postal address but leaves out a street line, and pseudonymizes a map's keys", () => {
    const doc = analyst.document('x', {
      id: `${BUYER}:${ORDER}`,
      profile: { address: { address: '12 MG Road', city: 'Pune', pincode: '411001' } },
      address: '12 MG Road',
      variants: { [ORDER]: { productId: ORDER, units: 2 } },
    });
    expect(doc).toEqual({
      id: `${analyst.user(BUYER)}:${analyst.user(ORDER)}`,
      profile: { address: { city: 'Pune', pincode: '411001' } },
      variants: { [analyst.user(ORDER)!]: { productId: analyst.user(ORDER), units: 2 } },
    });
  });
});

describe('the analyst key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mibi-analyst-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is the configured one, else one generated once into the data folder', () => {
    expect(analystKey({ ANALYST_PSEUDONYM_KEY: 'AB'.repeat(32), DATA_DIR: dir })).toBe('ab'.repeat(32));
    expect(existsSync(join(dir, ANALYST_KEY_FILE))).toBe(false);
    const key = analystKey({ DATA_DIR: dir });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(join(dir, ANALYST_KEY_FILE), 'utf8').trim()).toBe(key);
    expect(analystKey({ DATA_DIR: dir })).toBe(key);
  });
});

describe('a marketplace as analysts see it', () => {
  const suite = personalMarketplaceSuite();

  it('classifies every field its events and read models hold', async () => {
    const names = new Set<string>();
    for (const recorded of await suite.api.platform.events.readAll()) valueNames(recorded.data, names);
    for (const docs of Object.values(await everyDocument(suite.api.platform.read))) valueNames(docs, names);
    expect(unclassified(names)).toEqual([]);
  });

  it('shows none of its personal data and no user id', async () => {
    const analyst = pseudonymizer(KEY);
    const seen = JSON.stringify([
      (await suite.api.platform.events.readAll()).map((recorded) => analyst.event(recorded)),
      Object.entries(await everyDocument(suite.api.platform.read)).map(([collection, docs]) =>
        docs.map((doc) => analyst.document(collection, doc)),
      ),
    ]).toLowerCase();
    expect(
      [...suite.seeded.personal, ...suite.seeded.userIds].filter((secret) => seen.includes(secret.toLowerCase())),
    ).toEqual([]);
    // What analysts need stays: the buyers' city and what was bought.
    expect(seen).toContain('pune');
    expect(seen).toContain('dhokra brass elephant');
  });
});
