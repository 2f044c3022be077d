import argon2 from 'argon2';

// OWASP Password Storage Cheat Sheet (2025): argon2id, 19 MiB, 2 iterations, 1 lane.
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

// A real hash of a throwaway password, so a sign-in for an unknown account costs the same time
// as one for a known account and the two cannot be told apart.
let decoy: Promise<string> | undefined;

/** Checks a password; with no stored hash it still spends the time of a real check. */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    await argon2
      .verify(await (decoy ??= hashPassword('decoy-password-for-timing')), password)
      .catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

let common: Set<string> | undefined;

/** True when the password is among the ~50,000 most common (zxcvbn's list of leaked passwords). */
export async function isCommonPassword(password: string): Promise<boolean> {
  if (!common) {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    common = new Set(dictionary['passwords-common'] as string[]);
  }
  return common.has(password.toLowerCase());
}
