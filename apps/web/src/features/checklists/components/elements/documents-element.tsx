import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AttachedDocuments } from '#features/documents/index.ts';

type Props = { label: string; instanceId: number; disabled: boolean };

/** A document management cell: the documents attached to the filled checklist (the documents' attach API). */
export function DocumentsElement({ label, instanceId, disabled }: Props) {
  return (
    <Box>
      <Typography>{label}</Typography>
      <AttachedDocuments entity="checklist_instance" entityId={instanceId} readOnly={disabled} />
    </Box>
  );
}
