import { createHash, randomBytes } from 'node:crypto';

/** A random secret for a cookie or a mailed link; only its hash is ever stored. */
export function newSecret(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
