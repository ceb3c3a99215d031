/**
 * Uploads through presigned URLs (DESIGN.md §5: files never pass through Lambda): ask the API for
 * a target with `{ fileName, contentType, size }`, PUT the file there with the returned headers
 * (XHR, because fetch reports no upload progress), then record the returned `key`.
 */
import type { UploadTarget } from '../../../shared/schemas/customers-responses';
import { api } from './api';

export type { UploadTarget };

/** PUT to a presigned URL, reporting progress 0–100. */
export function putWithProgress(
  url: string,
  file: File,
  headers: Record<string, string>,
  onProgress: (percent: number) => void = () => {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`${xhr.status}: upload failed`));
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.send(file);
  });
}

/** The upload request body every upload-url route takes. */
export function uploadRequest(file: File): { fileName: string; contentType: string; size: number } {
  return { fileName: file.name, contentType: file.type, size: file.size };
}

/** Asks `targetPath` for a presigned target, uploads the file, and returns the target (its key). */
export async function uploadFileTo<T extends UploadTarget = UploadTarget>(
  targetPath: string,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<T> {
  const target = await api.post<T>(targetPath, uploadRequest(file));
  await putWithProgress(target.uploadUrl, file, target.headers, onProgress);
  onProgress?.(100);
  return target;
}
