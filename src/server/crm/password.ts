// GoHighLevel's rules: 12+ characters, upper, lower, digit, symbol.
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const SYMBOLS = '!@#$%*?';

// No 0/O, 1/l/I, so the password can be read aloud.
function encodeReadable(bytes: Uint8Array, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++)
    out += ALPHABET[(bytes[i % bytes.length] ?? 0) % ALPHABET.length];
  return out;
}

export function temporaryPassword(bytes: Uint8Array = randomBytes(16)): string {
  const body = encodeReadable(bytes, 12);
  const symbol = SYMBOLS[(bytes[12] ?? 0) % SYMBOLS.length];
  const digit = String((bytes[13] ?? 0) % 10);
  // A fixed upper/lower pair guarantees both cases whatever the random body holds.
  return `${body.slice(0, 6)}-Nr${digit}${symbol}${body.slice(6)}`;
}

export function meetsPasswordRules(password: string): boolean {
  return (
    password.length >= 12 &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}
