import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { BODY_PARTS, type BodyView } from '@schutzwerk/shared/accidents/catalogues.ts';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BACK_OUTLINE, SHAPES, type Shape } from './body-map-shapes.ts';

const LABEL = new Map(BODY_PARTS.map((p) => [p.id, p.label]));

type Props = {
  /** The body part chosen to add an injury to. */
  selected: number | null;
  onSelect: (bodyPart: number) => void;
  /** Body parts that already carry an injury (drawn filled). */
  injured: ReadonlySet<number>;
};

/**
 * The clickable body map (decision 048): front and back drawn as SVG; every body part is a button (Tab to reach,
 * Enter or Space to choose, aria-pressed for the chosen one), named by its German label.
 */
export function BodyMap({ selected, onSelect, injured }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const colors = {
    outline: theme.palette.grey[600],
    idle: theme.palette.grey[100],
    injured: theme.palette.error.light,
    selected: theme.palette.primary.main,
  };

  function part(shape: Shape) {
    const label = LABEL.get(shape.id) ?? '';
    const isSelected = selected === shape.id;
    const onKey = (e: KeyboardEvent<SVGElement>) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        onSelect(shape.id);
      }
    };
    const common = {
      role: 'button',
      tabIndex: 0,
      'aria-label': injured.has(shape.id) ? t('accidents.bodyPartInjured', { part: label }) : label,
      'aria-pressed': isSelected,
      'data-body-part': shape.id,
      onClick: () => onSelect(shape.id),
      onKeyDown: onKey,
      fill: isSelected ? colors.selected : injured.has(shape.id) ? colors.injured : colors.idle,
      stroke: colors.outline,
      strokeWidth: isSelected ? 2 : 1,
      style: { cursor: 'pointer', outlineOffset: 2 },
      className: 'body-part',
    } as const;
    return shape.ellipse ? (
      <ellipse
        key={shape.id}
        cx={shape.x + shape.w / 2}
        cy={shape.y + shape.h / 2}
        rx={shape.w / 2}
        ry={shape.h / 2}
        {...common}
      >
        <title>{label}</title>
      </ellipse>
    ) : (
      <rect
        key={shape.id}
        x={shape.x}
        y={shape.y}
        width={shape.w}
        height={shape.h}
        rx={shape.r ?? 0}
        {...common}
      >
        <title>{label}</title>
      </rect>
    );
  }

  const view = (which: BodyView) => (
    <Box component="figure" sx={{ m: 0, flex: '1 1 150px', maxWidth: 220, textAlign: 'center' }}>
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG drawing cannot be a fieldset; the group names the view */}
      <svg
        viewBox="0 0 200 400"
        role="group"
        aria-label={which === 'front' ? t('accidents.front') : t('accidents.backView')}
        style={{ width: '100%', height: 'auto', display: 'block' }}
      >
        {which === 'back' && (
          // biome-ignore lint/a11y/noAriaHiddenOnFocusable: the arms' outline holds nothing focusable
          <g aria-hidden="true">
            {BACK_OUTLINE.map((s) => (
              <rect
                key={`${s.x}-${s.y}`}
                x={s.x}
                y={s.y}
                width={s.w}
                height={s.h}
                rx={s.r ?? 0}
                fill={theme.palette.grey[300]}
                stroke={colors.outline}
              />
            ))}
          </g>
        )}
        {SHAPES[which].map(part)}
      </svg>
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {which === 'front' ? t('accidents.frontCaption') : t('accidents.backCaption')}
      </Typography>
    </Box>
  );

  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        justifyContent: 'center',
        '& .body-part:focus-visible': { outline: `3px solid ${theme.palette.primary.dark}` },
      }}
    >
      {view('front')}
      {view('back')}
    </Box>
  );
}
