import Box from '@mui/material/Box';
import type { TreePickerRow } from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { PickerDialog } from './picker-dialog.tsx';

/** The two organisation trees (the path segment of their API, `/api/locations/…`, `/api/departments/…`). */
type OrgKind = 'locations' | 'departments';

/** List sources (list protocol) of the organisation pickers. */
const LOCATION_PICKER_SOURCE = 'locations/picker';
const DEPARTMENT_PICKER_SOURCE = 'departments/picker';

export type TreePickerDialogProps = {
  open: boolean;
  onClose: () => void;
  onSelect: (rows: TreePickerRow[]) => void;
  multiple?: boolean;
  allowEmpty?: boolean;
  /** The current choice (id, row or, in multiple mode, a list of them): marked in the list. */
  value?: unknown;
  title?: string;
  /** Main-portal users: the tree of another portal (e.g. the portal of the employee being edited). */
  portalId?: number | undefined;
  /** Rows that cannot be chosen, with the reason shown when tried. */
  unavailableReason?: ((row: TreePickerRow) => string | null | undefined) | undefined;
  /** Extra controls above the list (e.g. 'Auf oberste Ebene verschieben'). */
  filters?: ReactNode;
};

const getId = (row: { id: number }) => row.id;

/**
 * 'Bitte Eintrag auswählen' over a tree's picker source: rows in tree order, indented by depth, with the
 * full path; the search matches any part of the path ('köln halle').
 */
function TreePickerDialog({ kind, portalId, ...props }: TreePickerDialogProps & { kind: OrgKind }) {
  const { t } = useTranslation();
  const columns = useMemo<ScrollingListColumn<TreePickerRow>[]>(
    () => [
      {
        id: 'name',
        header: t('organisation.name'),
        render: (row) => <Box sx={{ pl: Math.min(row.depth, 6) * 2 }}>{row.name}</Box>,
      },
      { id: 'path', header: t('organisation.pathColumn'), grow: 1.5, render: (row) => row.path },
    ],
    [t],
  );
  const params = useMemo(() => (portalId ? { portalId } : undefined), [portalId]);
  return (
    <PickerDialog<TreePickerRow>
      {...props}
      source={kind === 'locations' ? LOCATION_PICKER_SOURCE : DEPARTMENT_PICKER_SOURCE}
      params={params}
      columns={columns}
      getRowId={getId}
      orderBy="path"
    />
  );
}

/** Location picker over /api/locations/picker (single or multiple). */
export function LocationPickerDialog(props: TreePickerDialogProps) {
  return <TreePickerDialog kind="locations" {...props} />;
}

/** Department picker over /api/departments/picker (single or multiple). */
export function DepartmentPickerDialog(props: TreePickerDialogProps) {
  return <TreePickerDialog kind="departments" {...props} />;
}
