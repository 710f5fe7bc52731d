/**
 * A POSIX ustar archive of a few small text files (the archive-mode SKILLs of skill-sources.ts):
 * one 512-byte header per file, its bytes padded to 512, two zero blocks at the end. Folders are
 * implied by the paths; entries are written in the order given, with a fixed mtime so the bytes
 * (and so the digest a root declares) do not depend on when a case runs.
 */
const BLOCK = 512;

function field(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value.slice(0, length), offset, length, "utf8");
}

/** A numeric field: octal, zero-padded, NUL-terminated. */
function octal(header: Buffer, offset: number, length: number, value: number): void {
  field(header, offset, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
}

function headerOf(path: string, size: number): Buffer {
  const header = Buffer.alloc(BLOCK);
  field(header, 0, 100, path);
  octal(header, 100, 8, 0o644);
  octal(header, 108, 8, 0);
  octal(header, 116, 8, 0);
  octal(header, 124, 12, size);
  octal(header, 136, 12, 1_700_000_000);
  header.fill(" ", 148, 156); // the checksum counts its own field as spaces
  field(header, 156, 1, "0");
  field(header, 257, 6, "ustar\0");
  field(header, 263, 2, "00");
  let sum = 0;
  for (const byte of header) sum += byte;
  field(header, 148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
  return header;
}

export function tarOf(files: Readonly<Record<string, string>>): Buffer {
  const parts: Buffer[] = [];
  for (const [path, text] of Object.entries(files)) {
    const bytes = Buffer.from(text, "utf8");
    parts.push(headerOf(path, bytes.length), bytes, Buffer.alloc((BLOCK - (bytes.length % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}
