import { existsSync, readFileSync } from 'node:fs';

/**
 * Finds a server for an adapter's contract suite: the URL in `env` when set, else a
 * throwaway container when a Docker engine is reachable, else a reason to skip that the
 * suite prints (a skipped suite is reported as skipped, never as passed).
 */
export type ExternalServer = { url: string; stop(): Promise<void> } | { skip: string };

export interface ContainerRecipe {
  /** The image to run: the one docker-compose.yml deploys (see `composeImage`). */
  image: string;
  /** Starts a container of `image` and resolves once it serves (a health or readiness wait); gives the client URL. */
  start(image: string): Promise<{ url: string; stop(): Promise<void> }>;
}

function dockerReachable(): boolean {
  return Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
}

export async function externalServer(env: string, recipe: ContainerRecipe): Promise<ExternalServer> {
  const fromEnv = process.env[env];
  if (fromEnv) return { url: fromEnv, stop: async () => {} };
  if (!dockerReachable()) return { skip: `${env} is not set and no Docker engine is reachable` };
  try {
    return await recipe.start(recipe.image);
  } catch (error) {
    return {
      skip: `${env} is not set and starting ${recipe.image} failed: ${(error as Error).message.split('\n')[0]}`,
    };
  }
}

/** Prints why a suite is skipped, once, where the test report shows it. */
export function announceSkip(suite: string, server: ExternalServer): server is { skip: string } {
  if (!('skip' in server)) return false;
  console.warn(`[skipped] ${suite}: ${server.skip}`);
  return true;
}

/**
 * The image docker-compose.yml runs for `service`, so the suites test the very version a
 * deployment runs. Reads the `image:` line of the service's block.
 */
export function composeImage(service: string): string {
  const compose = readFileSync(new URL('../../docker-compose.yml', import.meta.url), 'utf8');
  const block = compose.split(/^ {2}(?=[A-Za-z][\w-]*:\s*$)/m).find((part) => part.startsWith(`${service}:`));
  const image = block?.match(/^ {4}image:\s*(\S+)\s*$/m)?.[1];
  if (!image) throw new Error(`docker-compose.yml has no image for the ${service} service`);
  return image;
}
