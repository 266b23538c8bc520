// What a file really is, from its first bytes (magic bytes, not only the declared type).
// Only the types the upload accepts (domain IMAGE_MIME_TYPES and DOCUMENT_MIME_TYPES) are recognised.

export const EXTENSION_OF_TYPE: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/json': 'json',
};

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Text after a UTF-8 byte order mark, or null when the bytes are not valid UTF-8 (`fatal`). */
function utf8Text(bytes: Buffer, fatal = true): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal }).decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return null;
  }
}

/** An SVG document: XML prolog, comments and doctype allowed before the root `<svg` element. */
function isSvg(bytes: Buffer): boolean {
  // Only the head is read: a cut multi-byte character at its end is no reason to refuse.
  const text = utf8Text(bytes.subarray(0, Math.min(bytes.length, 64 * 1024)), false);
  if (text === null) return false;
  const head = text.replace(/^\s*(<\?xml[\s\S]*?\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, '');
  return /^<svg[\s>/]/i.test(head);
}

function isJson(bytes: Buffer): boolean {
  const text = utf8Text(bytes);
  if (text === null || !/^\s*[[{]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A .docx is a ZIP whose entries include the Word part; entry names sit uncompressed in the local headers. */
function isDocx(bytes: Buffer): boolean {
  return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && bytes.includes('[Content_Types].xml') && bytes.includes('word/');
}

/** The MIME type the bytes prove, or null when they are none of the accepted types. */
export function detectFileType(bytes: Buffer): string | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (isDocx(bytes)) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (isSvg(bytes)) return 'image/svg+xml';
  if (isJson(bytes)) return 'application/json';
  return null;
}

/** Browsers and tools spell some types differently: 'image/jpg' is JPEG. */
export function normalizeMimeType(type: string): string {
  const base = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return base === 'image/jpg' || base === 'image/pjpeg' ? 'image/jpeg' : base;
}
