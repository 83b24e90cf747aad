/** Authenticated encryption for secrets kept at rest (provider refresh tokens). */
export interface SecretSealer {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export const SECRET_SEALER = Symbol('SecretSealer');
