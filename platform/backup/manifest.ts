/**
 * A backup's manifest (`manifest.json`): what the backup holds, file by file, with sizes and
 * SHA-256 digests, so a restore checks every byte before it writes one. It is written last: a
 * folder without it is a backup that did not finish.
 */
import { createHash } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

export const MANIFEST = 'manifest.json';

/** A path inside the data folder, `/`-separated: nothing a restore could write outside it with. */
const relativePath = z
  .string()
  .refine(
    (path) =>
      path !== MANIFEST &&
      path.split('/').every((part) => part !== '' && part !== '.' && part !== '..') &&
      !/[\\\0]/.test(path),
    'must be a relative path inside the data folder',
  );

const manifestSchema = z.object({
  format: z.literal('mibi-backup'),
  /** This layout's version; a restore refuses any other. */
  version: z.literal(1),
  /** The MIBI release that took it (package.json). */
  release: z.string(),
  /** When it was taken (ISO-8601 UTC). */
  createdAt: z.string(),
  files: z.array(
    z.object({
      path: relativePath,
      bytes: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = Manifest['files'][number];

/** The backup cannot be taken or restored; the message says why. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** The file's size and digest, read through once. */
export async function describeFile(root: string, path: string): Promise<ManifestFile> {
  const file = await open(join(root, path), 'r');
  try {
    const hash = createHash('sha256');
    let bytes = 0;
    const buffer = Buffer.alloc(1 << 20);
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
      bytes += bytesRead;
    }
    return { path, bytes, sha256: hash.digest('hex') };
  } finally {
    await file.close();
  }
}

/** The manifest of the backup in `dir`, once every file it lists is there with its size and digest. */
export async function verifiedManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupError(`${dir} holds no ${MANIFEST}: not a backup, or one that did not finish`);
    throw error;
  }
  let parsed: ReturnType<typeof manifestSchema.safeParse>;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(text));
  } catch {
    throw new BackupError(`${MANIFEST} in ${dir} is not JSON`);
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BackupError(
      `${MANIFEST} in ${dir} is not a MIBI backup manifest (${issue.path.join('.')}: ${issue.message})`,
    );
  }
  const manifest = parsed.data;
  for (const expected of manifest.files) {
    let found: ManifestFile;
    try {
      found = await describeFile(dir, expected.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new BackupError(`${expected.path} is missing from the backup`);
      throw error;
    }
    if (found.bytes !== expected.bytes || found.sha256 !== expected.sha256)
      throw new BackupError(
        `${expected.path} in the backup is not the file the manifest describes (damaged or changed)`,
      );
  }
  return manifest;
}
