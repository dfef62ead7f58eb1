// Controls rendered with `disabled={!hydrated}` cannot be used before their handlers exist, so an
// early click or typing is never silently lost (and automated tests wait for them to be enabled).
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
