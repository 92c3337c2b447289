import { existsSync } from 'node:fs';

/**
 * Finds a server for an adapter's contract suite: the URL in `env` when set, else a
 * throwaway container when a Docker engine is reachable, else a reason to skip that the
 * suite prints (a skipped suite is reported as skipped, never as passed).
 */
export type ExternalServer = { url: string; stop(): Promise<void> } | { skip: string };

export interface ContainerRecipe {
  image: string;
  port: number;
  command?: string[];
  environment?: Record<string, string>;
  /** Builds the client URL from the mapped host and port. */
  url(host: string, port: number): string;
}

function dockerReachable(): boolean {
  return Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
}

export async function externalServer(env: string, recipe: ContainerRecipe): Promise<ExternalServer> {
  const fromEnv = process.env[env];
  if (fromEnv) return { url: fromEnv, stop: async () => {} };
  if (!dockerReachable()) return { skip: `${env} is not set and no Docker engine is reachable` };
  const { GenericContainer, Wait } = await import('testcontainers');
  let container = new GenericContainer(recipe.image)
    .withExposedPorts(recipe.port)
    .withWaitStrategy(Wait.forListeningPorts())
    .withEnvironment(recipe.environment ?? {});
  if (recipe.command) container = container.withCommand(recipe.command);
  try {
    const started = await container.start();
    return {
      url: recipe.url(started.getHost(), started.getMappedPort(recipe.port)),
      stop: async () => void (await started.stop()),
    };
  } catch (error) {
    return { skip: `${env} is not set and starting ${recipe.image} failed: ${(error as Error).message.split('\n')[0]}` };
  }
}

/** Prints why a suite is skipped, once, where the test report shows it. */
export function announceSkip(suite: string, server: ExternalServer): server is { skip: string } {
  if (!('skip' in server)) return false;
  console.warn(`[skipped] ${suite}: ${server.skip}`);
  return true;
}
