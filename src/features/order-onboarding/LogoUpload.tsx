/**
 * Logo upload for step 1: checks type and size in the browser for a quick answer, then the
 * server checks again by the file's bytes and stores it. Sets logoUrl and logoFile.
 */
import { RequestError, requestJson } from '../../lib/request-json';
import { useRef, useState } from 'react';

const ACCEPT = 'image/png,image/jpeg,image/webp';
const MAX_BYTES = 2 * 1024 * 1024;

type Props = {
  orderId: number;
  logoUrl: string;
  logoFile: string;
  error?: string | undefined;
  onChange: (logoUrl: string, logoFile: string) => void;
};

export function LogoUpload({ orderId, logoUrl, logoFile, error, onChange }: Props) {
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const shownError = problem || error;

  const upload = async (file: File) => {
    setProblem('');
    if (!ACCEPT.split(',').includes(file.type))
      return setProblem('Please upload a PNG, JPEG or WebP image.');
    if (file.size > MAX_BYTES) return setProblem('The logo must be 2 MB or smaller.');
    setBusy(true);
    setStatus(`Uploading ${file.name}…`);
    try {
      const body = await requestJson<{ logoUrl?: string }>(
        'POST',
        `/api/onboarding/logo?orderId=${orderId}`,
        file,
        { headers: { 'Content-Type': file.type } },
      );
      if (!body.logoUrl) throw new Error('no logo URL');
      onChange(body.logoUrl, file.name.slice(0, 255));
      setStatus(`${file.name} uploaded.`);
    } catch (e) {
      setStatus('');
      setProblem(
        (e instanceof RequestError && e.detail) ||
          'The logo could not be uploaded. Please try again.',
      );
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
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
              onClick={() => onChange('', '')}
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
        accept={ACCEPT}
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
