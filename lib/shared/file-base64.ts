// A chosen file's bytes as base64, the way the upload endpoints take files inside their JSON body.

/** The file's bytes in base64 (in 32 KB slices: one spread of a large file overflows the call stack). */
export async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
