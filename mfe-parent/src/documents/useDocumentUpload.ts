import { REGISTRANT_MSG, UPLOAD_FOLDER_LABELS, type UploadFolder } from '@psb/contracts/parent';
import { notify } from '@psb/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { registrantKeys } from '../common/api/registrant';
import { UploadError, uploadRegistrantFile } from './api';
import { checkFile, PHOTO_WIDTH, shrinkPhoto } from './photo';

/**
 * Sends one document of a registrant: any image is compressed on the device first (a canvas, JPEG), the
 * progress and the server's message are kept for the screen, and the registrant and its document states are
 * read again after.
 */
export function useDocumentUpload(registrantId: number, folder: UploadFolder) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const label = UPLOAD_FOLDER_LABELS[folder];

  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview]);

  const upload = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    setProgress(0);
    try {
      let body: Blob = file;
      let filename = file.name;
      if (file.type.startsWith('image/')) {
        body = await shrinkPhoto(file, { always: folder !== 'photo' });
        if (body !== file) filename = `${file.name.replace(/\.[^.]*$/, '') || folder}.jpg`;
      }
      const bad = checkFile(folder, { type: body.type || file.type, size: body.size });
      if (bad) {
        setProblem(bad);
        return;
      }
      if (folder === 'photo') setLocalPreview(URL.createObjectURL(body));
      await uploadRegistrantFile(registrantId, body, {
        folder,
        filename,
        resize: folder === 'photo' ? PHOTO_WIDTH : undefined,
        onProgress: setProgress,
      });
      notify.success(`${label}: ${REGISTRANT_MSG.uploaded}`);
      await queryClient.invalidateQueries({ queryKey: registrantKeys.one(registrantId) });
      void queryClient.invalidateQueries({ queryKey: registrantKeys.all, exact: true });
    } catch (err) {
      setLocalPreview(null);
      setProblem(err instanceof UploadError ? err.message : 'Gagal mengunggah file. Silakan coba lagi.');
    } finally {
      setProgress(null);
    }
  };
  return { upload, progress, problem, localPreview, uploading: progress !== null };
}
