import { Clapperboard } from 'lucide-react';

/** Shown while the authentication check runs. */
export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <div className="loading-screen__mark">
        <Clapperboard size={28} aria-hidden="true" />
      </div>
      <p>Opening Reelbench…</p>
      <div className="loading-screen__bar" aria-hidden="true" />
    </div>
  );
}
