import { api, endpoint, handlers, resolveApiBase } from '@psb/api-client/http';
import { useSession } from '@psb/api-client/session';
import { type UploadedDocument, type UploadFolder, uploadResponseSchema } from '@psb/contracts/parent';
import { queryOptions } from '@tanstack/react-query';

/** A failed upload: the server's message (Indonesian) and status; status 0 = no connection. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

const UPLOAD_CONNECTION_ERROR = 'Unggahan terputus. Periksa koneksi Anda lalu coba lagi.';

/**
 * POST /registrant/upload/{id} (multipart field `file`). XMLHttpRequest rather than fetch: it reports upload
 * progress on every browser and over HTTP/1.1.
 */
export function uploadRegistrantFile(
  id: number,
  file: Blob,
  options: {
    folder: UploadFolder;
    resize?: number;
    filename?: string;
    onProgress?: (fraction: number) => void;
  },
): Promise<UploadedDocument> {
  const query = new URLSearchParams({ folder: options.folder });
  if (options.resize) query.set('resize', String(options.resize));
  if (options.filename) query.set('filename', options.filename);
  const body = new FormData();
  body.append('file', file, options.filename ?? (file instanceof File ? file.name : options.folder));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${resolveApiBase()}/registrant/upload/${id}?${query}`);
    const token = useSession.getState().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const ok = uploadResponseSchema.safeParse(xhr.response);
        if (ok.success) return resolve(ok.data.data);
      }
      if (xhr.status === 401) {
        useSession.getState().clearAll();
        handlers.onUnauthorized();
      }
      const message = (xhr.response as { message?: unknown } | null)?.message;
      reject(
        new UploadError(
          typeof message === 'string' && message ? message : 'Gagal mengunggah file.',
          xhr.status,
        ),
      );
    };
    xhr.onerror = () => reject(new UploadError(UPLOAD_CONNECTION_ERROR, 0));
    xhr.ontimeout = xhr.onerror;
    xhr.timeout = 120_000;
    xhr.send(body);
  });
}

/** An uploaded document read back with the session (files are never public), as a Blob. */
export const getRegistrantFile = (id: number, folder: UploadFolder) =>
  api.get(`registrant/file/${id}/${folder}`).blob();

const states = endpoint(() =>
  import('@psb/contracts/parent').then((m) => m.registrantDocumentsResponseSchema),
);

/** Each document's verification state, under the registrant's key (an upload reloads both). */
export const documentStatesQuery = (id: number) =>
  queryOptions({
    queryKey: ['registrants', id, 'document-states'] as const,
    queryFn: () => states.get(`registrant/document_states/${id}`).then((r) => r.data),
  });
