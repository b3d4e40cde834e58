/** Photo (camera or gallery) and file items: a real file input with accept/capture and limits. */
import type { CertItem } from '@shared/api/entities';
import { acceptOf, checkPickedFile } from '@renderer/features/kyc/kycValidation';
import { readAsDataUrl, readImage } from './imageFile';

export function UploadInput({
  item,
  value,
  onChange,
  onError,
}: {
  item: CertItem;
  value: string;
  onChange: (value: string) => void;
  onError: (message: string) => void;
}) {
  const kind = item.type === 'photo' ? 'photo' : 'file';
  const id = `kyc-${item.certification}`;
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const error = checkPickedFile(item, file);
    if (error) {
      onError(error);
      return;
    }
    try {
      onChange(file.type.startsWith('image/') ? await readImage(file) : await readAsDataUrl(file));
    } catch {
      onError('The file could not be read. Please choose it again.');
    }
  };
  const isImage = value.startsWith('data:image/');
  return (
    <div className="field__upload">
      {value !== '' &&
        (isImage ? (
          <img className="photo-preview" src={value} alt={`${item.label} preview`} />
        ) : (
          <p className="money-muted">PDF file attached</p>
        ))}
      <input
        id={id}
        className="field__control"
        type="file"
        accept={acceptOf(kind)}
        // The selfie uses the front camera, ID photos the back one.
        capture={
          kind === 'photo'
            ? item.certification.toLowerCase().includes('selfie')
              ? 'user'
              : 'environment'
            : undefined
        }
        onChange={(event) => {
          void pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </div>
  );
}
