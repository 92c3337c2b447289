import { describe, expect, it } from 'vitest';
import { ResponseValidator } from './response-validator.ts';

const json = (schema: object) => ({ content: { 'application/json': { schema } } });

const validator = new ResponseValidator({
  paths: {
    '/api/things/{id}': {
      get: {
        operationId: 'getThing',
        responses: { 200: json({ $ref: '#/components/schemas/Thing' }), 404: json({ type: 'object' }) },
      },
    },
    '/api/things/latest': { get: { operationId: 'getLatestThing', responses: { 304: { description: 'Same' } } } },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: { id: { type: 'string' }, at: { type: 'string', format: 'date-time' } },
        required: ['id'],
      },
    },
  },
} as never);

const answer = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=UTF-8' },
  });
const check = (response: Response, path = '/api/things/7') =>
  validator.disagreement('GET', `http://127.0.0.1${path}`, response);

describe('the response validator', () => {
  it('allows a documented status with a body its schema accepts', async () => {
    expect(await check(answer(200, { id: '7', at: '2026-01-01T00:00:00Z' }))).toBeNull();
    expect(await check(answer(304), '/api/things/latest')).toBeNull();
  });

  it('names the operation and the status it does not document', async () => {
    expect(await check(answer(403, {}))).toBe(
      'GET /api/things/7 (getThing) answered 403, which it does not document (200, 404)',
    );
  });

  it('shows what in the body breaks the schema, references and formats included', async () => {
    expect(await check(answer(200, { at: 'yesterday' }))).toMatch(
      /^GET \/api\/things\/7 \(getThing\) answered 200 with a body its schema refuses: body must have required property 'id', body\/at must match format "date-time"/,
    );
  });

  it('refuses a content type the status does not document, and leaves paths it does not describe alone', async () => {
    const html = new Response('<p>', { status: 200, headers: { 'content-type': 'text/html' } });
    expect(await check(html)).toMatch(/answered 200 as text\/html, where it documents application\/json$/);
    const broken = new Response('{"id":', { status: 200, headers: { 'content-type': 'application/json' } });
    expect(await check(broken)).toBe('GET /api/things/7 (getThing) answered 200 with a body that is not JSON: {"id":');
    expect(await check(answer(404, 'no route'), '/api/nothing')).toBeNull();
  });
});
