import { SEARCH_DEBOUNCE_MS } from '@schutzwerk/shared/constants.ts';
import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delay` ms (search fields: 500 ms). */
export function useDebouncedValue<T>(value: T, delay: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
