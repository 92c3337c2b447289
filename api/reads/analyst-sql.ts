/**
 * The analyst's SQL engines of this API process (issue 28): each opened on first use, as it
 * loads the log into DuckDB (the pseudonymized one into its kept file, only what is new), then kept current by its own catch-up before every query, and
 * closed with the context. One pseudonymizes personal data; the other, for admins who asked
 * with a reason (recorded first by the route), shows it as recorded.
 */
import { analystKey } from '../../analytics/privacy.ts';
import { AnalystSql } from '../../analytics/sql.ts';
import { keptWarehouseFile } from '../../analytics/warehouse.ts';
import type { Config } from '../../platform/config/config.ts';
import type { Platform } from '../../platform/platform.ts';
import { Reopenable } from './reopenable.ts';

export interface AnalystSqls {
  pseudonymized: Reopenable<AnalystSql>;
  revealing: Reopenable<AnalystSql>;
}

export function analystSqls(config: Config, platform: Platform): AnalystSqls {
  const opener = (reveal: boolean) =>
    new Reopenable(async () => {
      const sql = await AnalystSql.open(platform, {
        key: analystKey(config),
        reveal,
        ...(!reveal && { file: keptWarehouseFile(config.DATA_DIR) }),
      });
      return { value: sql, close: () => sql.close() };
    });
  return { pseudonymized: opener(false), revealing: opener(true) };
}

export async function closeAnalystSqls({ pseudonymized, revealing }: AnalystSqls): Promise<void> {
  await Promise.all([pseudonymized.close(), revealing.close()]);
}
