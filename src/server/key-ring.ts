// Each key has an id, stored beside what it sealed, so opening picks its key.
import { createHmac, hkdfSync } from 'node:crypto';
import { ConfigurationError, longEnoughSecret, readEnv } from './env.ts';

export function sessionSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  try {
    const { sessionSecret, sessionSecretPrevious } = readEnv(env);
    return sessionSecretPrevious ? [sessionSecret, sessionSecretPrevious] : [sessionSecret];
  } catch (error) {
    // A maintenance command is no deploy: it needs SESSION_SECRET, never the Stripe keys.
    const current = error instanceof ConfigurationError && longEnoughSecret(env, 'SESSION_SECRET');
    if (!current) throw error;
    const previous = longEnoughSecret(env, 'SESSION_SECRET_PREVIOUS');
    return previous && previous !== current ? [current, previous] : [current];
  }
}

export function derivedKeys(salt: string, info: string, secrets = sessionSecrets()): Buffer[] {
  return secrets.map((secret) => Buffer.from(hkdfSync('sha256', secret, salt, info, 32)));
}

// Of a fixed label: says nothing of the key.
export function keyId(key: Buffer): string {
  return createHmac('sha256', key).update('novareach key id').digest('hex').slice(0, 8);
}
