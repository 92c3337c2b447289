/**
 * The projections and workers roles serve no API, but an orchestrator must still be able to ask
 * them how they are: on the configured port they answer the API's two probes, at the same paths
 * with the same bodies (`/api/health/live`, `/api/health/ready`), and 404 to anything else.
 */
import { type Server, type ServerResponse, createServer } from 'node:http';
import type { Readiness } from '../../platform/health/readiness.ts';
import { errorBody } from '../http/errors.ts';
import { LIVE_BODY, readinessBody } from './readiness.ts';

const answer = (response: ServerResponse, status: number, body: unknown) =>
  response
    .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    .end(JSON.stringify(body));

export function healthServer(readiness: Readiness): Server {
  return createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (request.method !== 'GET' || (path !== '/api/health/live' && path !== '/api/health/ready'))
      return answer(
        response,
        404,
        errorBody('not_found', 'Only /api/health/live and /api/health/ready are served here'),
      );
    if (path === '/api/health/live') return answer(response, 200, LIVE_BODY);
    void readiness.report().then((report) => answer(response, report.ready ? 200 : 503, readinessBody(report)));
  });
}
