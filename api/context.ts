import type { Config } from '../platform/config/config.ts';
import type { Platform } from '../platform/platform.ts';
import type { Projection } from '../projections/projection.ts';
import type { ProjectionRunner } from '../projections/runner.ts';

/** What the API needs from the composition root. */
export interface AppContext {
  config: Config;
  platform: Platform;
  projections: Projection[];
  /** Present when the projections run in this process (the embedded default). */
  runner?: ProjectionRunner;
}
