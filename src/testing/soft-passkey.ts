/**
 * A passkey in software for the function tests (no browser): a P-256 key that answers WebAuthn
 * options ("none" attestation, user verified) as @simplewebauthn/browser hands them over.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const bytes = (data: Uint8Array) => new Uint8Array(data);

/** Flags of authenticator data: user present, user verified, attested credential data. */
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED = 0x40;

export class SoftPasskey {
  readonly id = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;

  /** `origin`: the site's origin as the browser sees it (its host name is the relying party). */
  readonly origin: string;
  constructor(origin: string) {
    this.origin = origin;
  }

  private authenticatorData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }),
    );
  }

  /** The public key as COSE (EC2, ES256). */
  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, bytes(Buffer.from(jwk.x!, 'base64url'))],
        [-3, bytes(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
  }

  /** The answer to registration options (navigator.credentials.create). */
  register(options: { challenge: string; rp: { id?: string } }) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.id, this.coseKey()]);
    const authData = this.authenticatorData(
      rpId,
      USER_PRESENT | USER_VERIFIED | ATTESTED,
      attested,
    );
    const attestation = new Map<string, string | Uint8Array | Map<string, string>>();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map());
    attestation.set('authData', bytes(authData));
    const attestationObject = isoCBOR.encode(attestation);
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to authentication options (navigator.credentials.get). */
  authenticate(options: { challenge: string; rpId?: string }) {
    this.counter += 1;
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const authData = this.authenticatorData(rpId, USER_PRESENT | USER_VERIFIED);
    const clientData = this.clientData('webauthn.get', options.challenge);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      this.keys.privateKey,
    );
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}
