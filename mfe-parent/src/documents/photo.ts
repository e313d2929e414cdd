import { REGISTRANT_MSG, UPLOAD_MAX_BYTES, type UploadFolder } from '@psb/contracts/parent';

export const ACCEPT: Record<UploadFolder, string[]> = {
  photo: ['image/jpeg', 'image/png'],
  akta: ['image/jpeg', 'image/png', 'application/pdf'],
  kk: ['image/jpeg', 'image/png', 'application/pdf'],
};

/** Longest side a photo is sent with (the server stores it at this width). */
export const PHOTO_WIDTH = 800;
const SHRINK_ABOVE_PX = 1600;

/** The client-side checks (the server checks again, by the file's content). */
export function checkFile(folder: UploadFolder, file: Pick<File, 'type' | 'size'>): string | null {
  if (!ACCEPT[folder].includes(file.type))
    return folder === 'photo' ? REGISTRANT_MSG.photoType : REGISTRANT_MSG.fileType;
  // Big phone photos are shrunk before sending; other files must fit as they are.
  if (file.size > UPLOAD_MAX_BYTES && folder !== 'photo') return REGISTRANT_MSG.fileTooLarge;
  return null;
}

/**
 * Phone cameras produce large photos; on a weak connection they are shrunk on the device first (longest side
 * 1600 px, JPEG). Anything the browser cannot decode is sent as it is and judged by the server. `always`
 * re-encodes any image (a camera's shot of a document), keeping the result only when it is smaller.
 */
export async function shrinkPhoto(file: File, { always = false } = {}): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, SHRINK_ABOVE_PX / Math.max(bitmap.width, bitmap.height));
    if (!always && scale === 1 && file.size <= 1024 * 1024) return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}

export const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
