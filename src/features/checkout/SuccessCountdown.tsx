import { useStore } from '@nanostores/react';
import { $countdown, announcedSeconds, stopCountdown } from './checkout.store';

export default function SuccessCountdown() {
  const { seconds, running } = useStore($countdown);

  return (
    <div className="card text-center stack">
      <p className="success-countdown" role="timer" aria-live="off">
        {running
          ? `Redirecting to the home page in ${seconds} second${seconds === 1 ? '' : 's'}`
          : 'Automatic redirect stopped'}
      </p>
      {/* Announced at the start and at the halfway mark, not every second; the timer above
          is always exact for whoever reads it. */}
      <p className="sr-only" role="status">
        {running
          ? `You will be taken to the home page in ${announcedSeconds(seconds)} seconds.`
          : 'Automatic redirect stopped.'}
      </p>
      <div className="btn-row success-actions">
        <a className="btn" href="/">
          Go to Home Now
        </a>
        {running && (
          <button type="button" className="btn btn--outline" onClick={stopCountdown}>
            Stay on This Page
          </button>
        )}
      </div>
    </div>
  );
}
