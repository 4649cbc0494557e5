/** The product mark: a shield with a check (also the favicon). */
export function ProductLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path fill="#ffffff" d="M32 4 8 13v17c0 15 10 26 24 30 14-4 24-15 24-30V13Z" opacity="0.15" />
      <path
        fill="none"
        stroke="#ffffff"
        strokeWidth="3"
        d="M32 6.2 10 14.4V30c0 13.7 9.1 23.8 22 27.6C44.9 53.8 54 43.7 54 30V14.4Z"
      />
      <path fill="#ffb300" d="m27 42-10-10 4-4 6 6 16-16 4 4Z" />
    </svg>
  );
}
