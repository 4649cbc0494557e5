import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputBase from '@mui/material/InputBase';
import { alpha } from '@mui/material/styles';
import { SEARCH_DEBOUNCE_MS } from '@schutzwerk/shared/constants.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = { value: string; onChange: (value: string) => void; label?: string | undefined };

/** The toolbar search: typing is passed on 500 ms after the last key (Enter passes it at once). */
export function ToolbarSearch({ value, onChange, label }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const emitted = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The page changed the search itself (e.g. reset): show its value.
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const emit = (next: string) => {
    clearTimeout(timer.current);
    if (next === emitted.current) return;
    emitted.current = next;
    onChange(next);
  };

  const handleChange = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => emit(next), SEARCH_DEBOUNCE_MS);
  };

  const name = label ?? t('toolbar.search');
  return (
    <InputBase
      value={text}
      onChange={(event) => handleChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') emit(text);
        if (event.key === 'Escape' && text) {
          setText('');
          emit('');
        }
      }}
      placeholder={name}
      inputProps={{ 'aria-label': name, type: 'search', enterKeyHint: 'search' }}
      startAdornment={
        <InputAdornment position="start" sx={{ color: 'inherit' }}>
          <SearchIcon fontSize="small" />
        </InputAdornment>
      }
      endAdornment={
        text ? (
          <InputAdornment position="end">
            <IconButton
              size="small"
              aria-label={t('toolbar.clearSearch')}
              onClick={() => {
                setText('');
                emit('');
              }}
              sx={{ color: 'inherit' }}
            >
              <ClearIcon fontSize="small" />
            </IconButton>
          </InputAdornment>
        ) : null
      }
      sx={(theme) => ({
        color: 'inherit',
        bgcolor: alpha(theme.palette.common.white, 0.15),
        '&:hover': { bgcolor: alpha(theme.palette.common.white, 0.22) },
        '&.Mui-focused': { bgcolor: alpha(theme.palette.common.white, 0.25) },
        borderRadius: 1,
        px: 1,
        height: 38,
        width: { xs: '100%', sm: 220, md: 280 },
        '& input::-webkit-search-cancel-button': { display: 'none' },
      })}
    />
  );
}
