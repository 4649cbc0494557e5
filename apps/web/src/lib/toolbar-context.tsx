import { createContext, type ReactNode, useContext, useLayoutEffect, useRef, useState } from 'react';

export type SortValue = 'asc' | 'desc';

/** The buttons a page can switch on in the top toolbar (spec shell §2.2). */
export type ToolbarConfig = {
  /** Page title; the toolbar and the browser tab add ' – Schutzwerk'. */
  title: string;
  /** Back arrow: to this path, or (true) to the previous page. */
  back?: string | true | undefined;
  onAdd?: (() => void) | undefined;
  onUpload?: (() => void) | undefined;
  onPreview?: (() => void) | undefined;
  onSave?: (() => void) | undefined;
  saveDisabled?: boolean | undefined;
  /** Sort toggle asc ↔ desc (default asc). */
  sort?: { value: SortValue; onChange: (value: SortValue) => void } | undefined;
  /** Search field; `onChange` is called 500 ms after the user stops typing. */
  search?: { value: string; onChange: (value: string) => void; label?: string | undefined } | undefined;
  /**
   * Filter button (spec: value true, 1 or 2; 2 shows the button highlighted as active). Highlighted means
   * "a filter other than the list's default is active". A page with a default filter passes the current
   * filter value and its default — `{ value: filter.active, defaultValue: DEFAULT_FILTER.active }` — and the
   * button is highlighted exactly while they differ. Without `defaultValue` the value is taken as the spec's
   * button value: 2 highlighted, anything else normal.
   */
  filter?:
    | {
        value: boolean | number | string;
        defaultValue?: boolean | number | string | undefined;
        onClick: () => void;
        label?: string | undefined;
      }
    | undefined;
  /** Print (hazard analysis list). */
  onPrint?: (() => void) | undefined;
};

const ignoreConfig = () => {};

/** The spec's filter button value (1 normal, 2 highlighted) for a toolbar filter declaration. */
export function toolbarFilterValue(filter: NonNullable<ToolbarConfig['filter']>): 1 | 2 {
  if (filter.defaultValue !== undefined) return filter.value === filter.defaultValue ? 1 : 2;
  return filter.value === 2 ? 2 : 1;
}

const ToolbarValueContext = createContext<ToolbarConfig | null>(null);
const ToolbarSetterContext = createContext<((config: ToolbarConfig | null) => void) | null>(null);

export function ToolbarProvider({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<ToolbarConfig | null>(null);
  return (
    <ToolbarSetterContext value={setConfig}>
      <ToolbarValueContext value={config}>{children}</ToolbarValueContext>
    </ToolbarSetterContext>
  );
}

export function useToolbarConfig(): ToolbarConfig | null {
  return useContext(ToolbarValueContext);
}

/**
 * A page declares its toolbar: `useToolbar({ title, search: { value, onChange }, onAdd })`.
 * Handlers may change on every render; the toolbar always calls the latest ones.
 */
export function useToolbar(config: ToolbarConfig, options: { optional?: boolean } = {}): void {
  const provided = useContext(ToolbarSetterContext);
  if (!provided && !options.optional) throw new Error('useToolbar must be used inside <ToolbarProvider>');
  const setConfig = provided ?? ignoreConfig;
  const latest = useRef(config);
  useLayoutEffect(() => {
    latest.current = config;
  });

  // What the toolbar shows; handlers are not part of it (they are read through `latest`).
  const shape = JSON.stringify([
    config.title,
    config.back ?? null,
    Boolean(config.onAdd),
    Boolean(config.onUpload),
    Boolean(config.onPreview),
    Boolean(config.onSave),
    Boolean(config.saveDisabled),
    config.sort?.value ?? null,
    config.search ? [config.search.value, config.search.label ?? null] : null,
    config.filter
      ? [config.filter.value, config.filter.defaultValue ?? null, config.filter.label ?? null]
      : null,
    Boolean(config.onPrint),
  ]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `shape` captures everything shown; handlers go through `latest`.
  useLayoutEffect(() => {
    const c = latest.current;
    setConfig({
      title: c.title,
      back: c.back,
      onAdd: c.onAdd && (() => latest.current.onAdd?.()),
      onUpload: c.onUpload && (() => latest.current.onUpload?.()),
      onPreview: c.onPreview && (() => latest.current.onPreview?.()),
      onSave: c.onSave && (() => latest.current.onSave?.()),
      saveDisabled: c.saveDisabled,
      sort: c.sort && { value: c.sort.value, onChange: (value) => latest.current.sort?.onChange(value) },
      search: c.search && {
        value: c.search.value,
        label: c.search.label,
        onChange: (value) => latest.current.search?.onChange(value),
      },
      filter: c.filter && {
        value: c.filter.value,
        defaultValue: c.filter.defaultValue,
        label: c.filter.label,
        onClick: () => latest.current.filter?.onClick(),
      },
      onPrint: c.onPrint && (() => latest.current.onPrint?.()),
    });
  }, [shape, setConfig]);

  useLayoutEffect(() => () => setConfig(null), [setConfig]);
}
