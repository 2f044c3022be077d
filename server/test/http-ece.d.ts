/** http_ece (the package web-push encrypts with) ships no types; the one call the tests make. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  const ece: {
    decrypt(
      buffer: Buffer,
      params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string | Buffer },
    ): Buffer;
  };
  export default ece;
}
