import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChecklistElement } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import {
  DRAWING_HEIGHT,
  DRAWING_MAX_LENGTH,
  DRAWING_WIDTH,
  drawingPath,
  type Point,
  parseDrawing,
  type Stroke,
} from '@schutzwerk/shared/checklists/drawing.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  element: Extract<ChecklistElement, { type: 'drawing' }>;
  /** SVG path data on the DRAWING_WIDTH × DRAWING_HEIGHT board ('' = empty). */
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  testId: string;
};

function paint(canvas: HTMLCanvasElement, strokes: readonly Stroke[]) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.lineWidth = 3;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = '#000000';
  for (const s of strokes) {
    const [first, ...rest] = s;
    if (!first) continue;
    ctx.beginPath();
    ctx.moveTo(first[0], first[1]);
    // A single point (a tap) still shows as a dot.
    if (rest.length === 0) ctx.lineTo(first[0] + 0.1, first[1]);
    for (const [x, y] of rest) ctx.lineTo(x, y);
    ctx.stroke();
  }
}

/**
 * A drawing board cell (decision 066): draw with finger, mouse or pen (pointer events) on a canvas that
 * scales to the cell's width (a phone of 390 px too); each finished stroke becomes part of the answer's path
 * data. „Rückgängig“ removes the last stroke, „Leeren“ all.
 */
export function DrawingElement({ element, value, disabled, onChange, testId }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = parseDrawing(value) ?? [];
  const current = useRef<Point[] | null>(null);
  const [tooLong, setTooLong] = useState(false);

  useEffect(() => {
    if (canvasRef.current) paint(canvasRef.current, parseDrawing(value) ?? []);
  }, [value]);

  const pointOf = (e: React.PointerEvent<HTMLCanvasElement>): Point => {
    const rect = e.currentTarget.getBoundingClientRect();
    return [
      ((e.clientX - rect.left) * DRAWING_WIDTH) / rect.width,
      ((e.clientY - rect.top) * DRAWING_HEIGHT) / rect.height,
    ];
  };
  const finish = () => {
    const stroke = current.current;
    current.current = null;
    if (!stroke || stroke.length === 0) return;
    const path = drawingPath([...strokes, stroke]);
    if (path.length > DRAWING_MAX_LENGTH) {
      setTooLong(true);
      if (canvasRef.current) paint(canvasRef.current, strokes);
      return;
    }
    setTooLong(false);
    onChange(path);
  };

  return (
    <Stack spacing={1} role="group" aria-labelledby={labelId}>
      <Typography id={labelId}>
        {element.label}
        {element.required ? ' *' : ''}
      </Typography>
      <Box
        sx={{
          width: '100%',
          maxWidth: DRAWING_WIDTH,
          aspectRatio: `${DRAWING_WIDTH} / ${DRAWING_HEIGHT}`,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#ffffff',
        }}
      >
        <canvas
          ref={canvasRef}
          width={DRAWING_WIDTH}
          height={DRAWING_HEIGHT}
          role="img"
          aria-label={t('checklists.fill.drawingCanvas', {
            label: element.label,
            count: strokes.length,
          })}
          data-testid={testId}
          style={{
            width: '100%',
            height: '100%',
            touchAction: 'none',
            cursor: disabled ? 'default' : 'crosshair',
          }}
          onPointerDown={(e) => {
            if (disabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
            e.currentTarget.setPointerCapture(e.pointerId);
            current.current = [pointOf(e)];
          }}
          onPointerMove={(e) => {
            const stroke = current.current;
            if (!stroke) return;
            const p = pointOf(e);
            stroke.push(p);
            const ctx = e.currentTarget.getContext('2d');
            const prev = stroke[stroke.length - 2];
            if (!ctx || !prev) return;
            ctx.lineWidth = 3;
            ctx.lineCap = 'round';
            ctx.beginPath();
            ctx.moveTo(prev[0], prev[1]);
            ctx.lineTo(p[0], p[1]);
            ctx.stroke();
          }}
          onPointerUp={finish}
          onPointerCancel={finish}
        />
      </Box>
      {tooLong && (
        <Typography role="alert" color="error" variant="body2">
          {t('checklists.fill.drawingTooLong')}
        </Typography>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          disabled={disabled || strokes.length === 0}
          onClick={() => onChange(drawingPath(strokes.slice(0, -1)))}
        >
          {t('checklists.fill.drawingUndo')}
        </Button>
        <Button size="small" disabled={disabled || strokes.length === 0} onClick={() => onChange('')}>
          {t('checklists.fill.drawingClear')}
        </Button>
      </Stack>
    </Stack>
  );
}
