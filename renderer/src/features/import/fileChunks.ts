import { UPLOAD_PART_BYTES } from '../../../../electron/shared/contract/imports';

/** Bytes to base64 without building one huge string of characters first. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step)
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  return btoa(binary);
}

/** The file's bytes in upload-sized parts, each as base64. */
export function* base64Chunks(
  bytes: Uint8Array,
  size = UPLOAD_PART_BYTES,
): Generator<{ base64: string; final: boolean }> {
  if (bytes.length === 0) {
    yield { base64: '', final: true };
    return;
  }
  for (let at = 0; at < bytes.length; at += size) {
    yield { base64: toBase64(bytes.subarray(at, at + size)), final: at + size >= bytes.length };
  }
}
