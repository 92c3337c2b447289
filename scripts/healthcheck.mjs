// The container's health check (the Dockerfile's HEALTHCHECK; docker-compose*.yml): every role
// (api, projections, workers) answers /api/health/ready on PORT, 503 while degraded. Plain Node:
// slim images have no curl.
const port = process.env.PORT ?? '3000';
fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(4000) }).then(
  (reply) => process.exit(reply.ok ? 0 : 1),
  () => process.exit(1),
);
