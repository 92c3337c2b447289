/** The embedded default's test courier as a child process (main.ts, through platform/child-service.ts), posting webhooks to MIBI. */
import { type ChildService, startChildService } from '../../child-service.ts';
import { removeAddress } from '../../service-folder.ts';

export async function startCourierProcess(options: { folder: string; webhookUrl: string }): Promise<ChildService> {
  // A stale address from a run that died would send callers to whatever has the port now.
  removeAddress(options.folder);
  return startChildService({
    name: 'the test courier',
    main: new URL('./main.ts', import.meta.url),
    compiled: 'test-courier.js',
    env: {
      TEST_COURIER_DIR: options.folder,
      TEST_COURIER_WEBHOOK_URL: options.webhookUrl,
      TEST_COURIER_PORT: '0',
      TEST_COURIER_HOST: '127.0.0.1',
      // Its keys are the folder's, never MIBI's AfterShip keys.
      AFTERSHIP_API_KEY: '',
      AFTERSHIP_WEBHOOK_SECRET: '',
    },
  });
}
