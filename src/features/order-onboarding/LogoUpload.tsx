import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import {
  $logoStatus,
  $logoUpload,
  LOGO_ACCEPT,
  resetLogoUpload,
  setLogo,
  uploadLogo,
} from './order-onboarding.store';

type Props = {
  orderId: number;
  logoUrl: string;
  logoFile: string;
  error?: string | undefined;
};

export function LogoUpload({ orderId, logoUrl, logoFile, error }: Props) {
  const { busy, error: problem } = useStore($logoUpload);
  const status = useStore($logoStatus);
  const input = useRef<HTMLInputElement>(null);
  const shownError = problem || error;
  // Step 1 shown again starts without the last visit's line or message.
  useEffect(() => resetLogoUpload, []);

  const upload = async (file: File) => {
    // A file that went to the server is cleared from the input, so the same one can be picked again.
    if ((await uploadLogo(orderId, file)) && input.current) input.current.value = '';
  };

  return (
    <div className="field ob-logo">
      <label htmlFor="logo">Logo</label>
      <p className="field-hint" id="logo-hint">
        Optional. PNG, JPEG or WebP, up to 2 MB.
      </p>
      {logoUrl && (
        <div className="ob-logo__preview">
          <img
            src={logoUrl}
            alt={`Uploaded logo${logoFile ? ` (${logoFile})` : ''}`}
            width={72}
            height={72}
          />
          <div>
            <p className="ob-logo__name">{logoFile || 'Your logo'}</p>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => setLogo('', '')}
            >
              Remove logo
            </button>
          </div>
        </div>
      )}
      <input
        ref={input}
        id="logo"
        name="logoUrl"
        type="file"
        accept={LOGO_ACCEPT}
        disabled={busy}
        aria-describedby={`logo-hint${shownError ? ' logo-error' : ''}`}
        aria-invalid={shownError ? true : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <p className="field-hint" role="status" aria-live="polite">
        {status}
      </p>
      {shownError && (
        <p className="field-error" id="logo-error" role="alert">
          {shownError}
        </p>
      )}
    </div>
  );
}
