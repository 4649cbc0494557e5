/**
 * Keyboard movement inside the scrolling list (one Tab stop, roving tabindex): the row a key leads to,
 * or null when the key does not move. `pageRows` is how many rows fit on screen.
 */
export function nextRowIndex(key: string, current: number, total: number, pageRows: number): number | null {
  if (total <= 0) return null;
  const page = Math.max(1, pageRows - 1);
  let next: number;
  switch (key) {
    case 'ArrowDown':
      next = current + 1;
      break;
    case 'ArrowUp':
      next = current - 1;
      break;
    case 'PageDown':
      next = current + page;
      break;
    case 'PageUp':
      next = current - page;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = total - 1;
      break;
    default:
      return null;
  }
  return Math.min(total - 1, Math.max(0, next));
}
