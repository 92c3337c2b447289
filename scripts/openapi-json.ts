/**
 * Prints the OpenAPI document the app serves at /api/openapi.json, asked of the app in-process
 * (the test harness's stack in a temp folder): `npm test` lints it with redocly.
 */
import { startTestApi } from '../api/testing/harness.ts';
import { logToStandardError } from '../platform/log.ts';

logToStandardError(); // the document alone on stdout
const api = await startTestApi();
const response = await api.app.request('http://127.0.0.1/api/openapi.json');
process.stdout.write(`${JSON.stringify(await response.json(), null, 2)}\n`);
await api.close();
process.exit(0);
