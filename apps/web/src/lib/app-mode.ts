import { useSyncExternalStore } from 'react';

/**
 * App mode (spec shell §2.2): Schutzwerk runs as an installed app (web app manifest, display mode
 * standalone or fullscreen) instead of a browser tab. The toolbar then shows the product logo, because
 * there is no browser chrome with the favicon.
 */
const APP_MODE_QUERIES = ['(display-mode: standalone)', '(display-mode: fullscreen)'] as const;

export function isAppMode(win: Pick<Window, 'matchMedia' | 'navigator'> = window): boolean {
  if (typeof win.matchMedia !== 'function') return false;
  if (APP_MODE_QUERIES.some((query) => win.matchMedia(query).matches)) return true;
  // iOS Safari's home-screen apps report themselves here instead of through display-mode.
  return (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const lists = APP_MODE_QUERIES.map((query) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

export function useAppMode(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isAppMode(),
    () => false,
  );
}
