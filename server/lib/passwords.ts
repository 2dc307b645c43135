import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP-recommended minimum: 19 MiB memory, 2 iterations, 1 lane.
// 2 = Argon2id in @node-rs/argon2's (const enum) Algorithm.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never signs anyone in.
    return false;
  }
}
