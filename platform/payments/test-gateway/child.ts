/**
 * The embedded default's test gateway as a child process (main.ts, through platform/child-service.ts):
 * started on a free loopback port with the keys kept in its folder, posting webhooks to MIBI.
 */
import { type ChildService, startChildService } from '../../child-service.ts';
import { removeAddress } from '../embedded.ts';

export type GatewayProcess = ChildService;

export async function startGatewayProcess(options: {
  folder: string;
  webhookUrl: string;
  timeoutMs?: number;
}): Promise<GatewayProcess> {
  // A stale address from a run that died would send callers to whatever has the port now.
  removeAddress(options.folder);
  return startChildService({
    name: 'the test gateway',
    main: new URL('./main.ts', import.meta.url),
    compiled: 'test-gateway.js',
    env: {
      TEST_GATEWAY_DIR: options.folder,
      TEST_GATEWAY_WEBHOOK_URL: options.webhookUrl,
      TEST_GATEWAY_PORT: '0',
      TEST_GATEWAY_HOST: '127.0.0.1',
      // Its keys are the folder's, never MIBI's Razorpay keys.
      RAZORPAY_KEY_ID: '',
      RAZORPAY_KEY_SECRET: '',
      RAZORPAY_WEBHOOK_SECRET: '',
    },
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
  });
}
