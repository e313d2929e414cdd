import { useEffect, useState } from 'react';

const PAUSE_MS = 400;

/**
 * A search box that filters as the user types or pastes (after a short pause, so each keystroke is not a
 * request): `committed` is the search the list shows now, `commit` puts a new one in place (the URL).
 * The box follows `committed` when it changes elsewhere (Reset filter, back button).
 */
export function useTypedSearch(committed: string, commit: (search: string) => void) {
  const [text, setText] = useState(committed);
  useEffect(() => setText(committed), [committed]);
  useEffect(() => {
    if (text.trim() === committed.trim()) return;
    const timer = setTimeout(() => commit(text.trim()), PAUSE_MS);
    return () => clearTimeout(timer);
  });
  return [text, setText] as const;
}
