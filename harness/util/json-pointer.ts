/** JSON Pointer tokens (RFC 6901): an object key escaped for a pointer, and a token read back. */

/** A key as one pointer token: `~` as `~0`, `/` as `~1`. */
export function pointerToken(key: string): string {
  return key.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** A pointer token as the key it names. */
export function keyOfToken(token: string): string {
  return token.replaceAll("~1", "/").replaceAll("~0", "~");
}
