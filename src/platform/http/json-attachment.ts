/** A JSON answer sent as a file to download (the account export): pretty-printed, never cached. */
export class JsonAttachment<T> {
  constructor(
    readonly value: T,
    readonly fileName: string,
  ) {}
}
