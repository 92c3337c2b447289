import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from './testing/harness.ts';

describe('the API description', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('documents every route under /api in the OpenAPI 3.1 document', async () => {
    const { status, body } = await api.anonymous().raw.get('/api/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const routes = api.app.routes
      .filter(
        ({ method, path }) =>
          method !== 'ALL' && path.startsWith('/api/') && path !== '/api/openapi.json' && !path.startsWith('/api/docs'),
      )
      .map(({ method, path }) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('gives every operation a unique operationId and the session security its guards ask for', async () => {
    const { body } = await api.anonymous().raw.get('/api/openapi.json');
    expect(Object.values(body.components.securitySchemes).map((scheme: any) => [scheme.in, scheme.name])).toEqual([
      ['cookie', 'mibi_session'],
      ['cookie', '__Host-mibi_session'],
    ]);
    const operations = Object.entries(body.paths as Record<string, Record<string, any>>).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        route: `${method.toUpperCase()} ${path}`,
        ...operation,
      })),
    );
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    // 401 means "sign in first" except where it answers wrong credentials: a password, a code, a courier's signature.
    const signIn = new Set(['POST /api/auth/signin', 'POST /api/auth/signin/totp', 'POST /api/shipments/webhook']);
    const mismatched = operations.filter(
      ({ route, security, responses }) =>
        !Array.isArray(security) || security.length > 0 !== (401 in responses && !signIn.has(route)),
    );
    expect(mismatched.map(({ route }) => route)).toEqual([]);
    expect(operations.find(({ route }) => route === 'GET /api/cart')?.security).toEqual([
      { session: [] },
      { secureSession: [] },
    ]);
  });

  it('serves a readable reference page built from that document', async () => {
    const { status, body, headers } = await api.anonymous().raw.get('/api/docs');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/text\/html/);
    expect(body).toContain('/api/openapi.json');
  });
});
