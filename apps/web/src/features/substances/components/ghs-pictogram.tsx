import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { GhsPictogram as GhsCode } from '@schutzwerk/shared/substances/clp.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The GHS hazard pictograms GHS01–GHS09 drawn in the app (no external images): a red-bordered diamond
 * with a simplified black symbol. Each is an image with its German name as accessible name.
 */
const SYMBOLS: Record<GhsCode, ReactNode> = {
  // Explodierende Bombe
  GHS01: (
    <>
      <circle cx="46" cy="56" r="12" />
      <path
        d="M54 46 l6 -6 M62 38 l6 -4 M60 50 l8 0 M58 40 l2 -8 M66 44 l6 -6"
        stroke="#000"
        strokeWidth="3"
      />
      <path d="M30 36 l6 6 M28 50 l6 2 M40 30 l2 6" stroke="#000" strokeWidth="3" />
    </>
  ),
  // Flamme
  GHS02: (
    <>
      <path d="M50 24 C58 36 66 42 62 56 C66 52 66 46 66 44 C72 54 70 66 60 70 L40 70 C30 66 28 54 36 46 C36 52 38 56 42 58 C38 46 46 36 50 24 Z" />
      <rect x="32" y="72" width="36" height="4" />
    </>
  ),
  // Flamme über einem Kreis
  GHS03: (
    <>
      <path d="M50 24 C56 32 60 38 58 46 L42 46 C40 38 46 32 50 24 Z" />
      <circle cx="50" cy="57" r="10" fill="none" stroke="#000" strokeWidth="5" />
      <rect x="32" y="72" width="36" height="4" />
    </>
  ),
  // Gasflasche
  GHS04: (
    <>
      <rect x="30" y="46" width="40" height="14" rx="6" transform="rotate(-20 50 53)" />
      <rect x="66" y="38" width="6" height="8" transform="rotate(-20 69 42)" />
    </>
  ),
  // Ätzwirkung
  GHS05: (
    <>
      <path d="M32 30 l10 0 l-2 12 l-6 0 Z M56 30 l10 0 l-2 12 l-6 0 Z" />
      <path d="M37 46 l0 6 M61 46 l0 6" stroke="#000" strokeWidth="3" />
      <rect x="28" y="58" width="18" height="6" />
      <path d="M54 58 h18 v10 h-18 Z" />
      <rect x="28" y="72" width="44" height="4" />
    </>
  ),
  // Totenkopf mit gekreuzten Knochen
  GHS06: (
    <>
      <ellipse cx="50" cy="42" rx="13" ry="12" />
      <rect x="43" y="50" width="14" height="8" />
      <circle cx="45" cy="42" r="3.5" fill="#fff" />
      <circle cx="55" cy="42" r="3.5" fill="#fff" />
      <path d="M32 62 L68 74 M68 62 L32 74" stroke="#000" strokeWidth="5" strokeLinecap="round" />
    </>
  ),
  // Ausrufezeichen
  GHS07: (
    <>
      <path d="M45 26 h10 l-2 32 h-6 Z" />
      <circle cx="50" cy="68" r="5" />
    </>
  ),
  // Gesundheitsgefahr
  GHS08: (
    <>
      <circle cx="50" cy="30" r="6" />
      <path d="M38 38 h24 l4 36 h-32 Z" />
      <path d="M50 44 l3 7 l7 1 l-5 5 l1 7 l-6 -3 l-6 3 l1 -7 l-5 -5 l7 -1 Z" fill="#fff" />
    </>
  ),
  // Umwelt
  GHS09: (
    <>
      <path
        d="M34 70 V40 M34 48 l-8 -8 M34 52 l8 -10 M34 44 l6 -8"
        stroke="#000"
        strokeWidth="3"
        fill="none"
      />
      <rect x="26" y="70" width="48" height="3" />
      <path d="M50 62 C56 56 66 56 70 62 C66 68 56 68 50 62 Z M50 62 l-6 -4 v8 Z" />
    </>
  ),
};

type Props = { code: GhsCode; size?: number };

export function GhsPictogram({ code, size = 56 }: Props) {
  const { t } = useTranslation();
  const label = `${code}: ${t(`substances.pictograms.${code}`)}`;
  return (
    <Tooltip title={label}>
      <Box
        component="svg"
        role="img"
        aria-label={label}
        data-testid={`ghs-${code}`}
        viewBox="0 0 100 100"
        sx={{ width: size, height: size, flex: 'none' }}
      >
        <polygon
          points="50,4 96,50 50,96 4,50"
          fill="#fff"
          stroke="#d40000"
          strokeWidth="7"
          strokeLinejoin="round"
        />
        <g fill="#000">{SYMBOLS[code]}</g>
      </Box>
    </Tooltip>
  );
}
