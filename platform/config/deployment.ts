import { type Config, ConfigError } from './config.ts';
import { isLoopbackHost } from './host.ts';

/**
 * The settings that are each valid alone but unsafe together, checked before a process starts:
 * a bad combination stops it with one line naming the variable to change (ConfigError); a
 * risky one that was asked for explicitly comes back as a warning to print.
 */
export function checkDeployment(config: Config): string[] {
  const loopback = isLoopbackHost(config.HOST);
  if (config.DEV_ROUTES && config.NODE_ENV === 'production') {
    throw new ConfigError(
      'DEV_ROUTES',
      'must not be on with NODE_ENV=production: the development routes are for development only',
    );
  }
  if (config.SMTP_URL && !config.PUBLIC_URL && !loopback) {
    throw new ConfigError(
      'PUBLIC_URL',
      `must be set when SMTP_URL is set and HOST (${config.HOST}) is not loopback: links in e-mails are built from it, never from a request's Host`,
    );
  }
  const warnings: string[] = [];
  if (config.DEMO_DATA && !loopback) {
    if (!config.DEMO_DATA_ON_PUBLIC_HOST) {
      throw new ConfigError(
        'DEMO_DATA',
        `must not be on when HOST (${config.HOST}) is not loopback: the demo accounts have published passwords (set DEMO_DATA=false, or DEMO_DATA_ON_PUBLIC_HOST=true to accept that)`,
      );
    }
    warnings.push(
      `DEMO_DATA is on with HOST ${config.HOST}: anyone who reaches this server can sign in with the demo accounts' published passwords, the admin's included`,
    );
  }
  return warnings;
}
