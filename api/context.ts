import type { Config } from '../platform/config/config.ts';
import type { Platform } from '../platform/platform.ts';
import type { Projection } from '../projections/projection.ts';
import type { ProjectionRunner } from '../projections/runner.ts';
import { Sessions } from './auth/sessions.ts';
import { ProjectionProgress } from './consistency.ts';
import { Streams } from './streams.ts';

/** What the routes share: adapters, the write side's streams, sessions and projection progress. */
export interface AppContext {
  config: Config;
  platform: Platform;
  projections: Projection[];
  /** Present when the projections run in this process (the embedded default). */
  runner?: ProjectionRunner;
  streams: Streams;
  sessions: Sessions;
  progress: ProjectionProgress;
}

export async function createContext(
  config: Config,
  platform: Platform,
  projections: Projection[],
  runner?: ProjectionRunner,
): Promise<AppContext> {
  const progress = new ProjectionProgress(platform.bus, platform.read, projections.map((p) => p.name));
  await progress.start();
  return {
    config,
    platform,
    projections,
    ...(runner && { runner }),
    streams: new Streams(platform.events),
    sessions: new Sessions(platform.read),
    progress,
  };
}
