import { createHash } from 'node:crypto';

/** Hex SHA-256: what is stored or named instead of a secret or an e-mail address. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');
