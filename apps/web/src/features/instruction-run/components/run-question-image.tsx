import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchRunQuestionImage, runKeys } from '../api/run-api.ts';

/**
 * The image of the question asked (decision 044), fetched with the session (no plain URL), with the question text
 * as its alternative text.
 */
export function RunQuestionImage({
  assignmentId,
  questionId,
  alt,
}: {
  assignmentId: number;
  questionId: number;
  alt: string;
}) {
  const image = useQuery({
    queryKey: runKeys.image(assignmentId, questionId),
    queryFn: () => fetchRunQuestionImage(assignmentId, questionId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const url = useMemo(() => (image.data ? URL.createObjectURL(image.data) : null), [image.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (image.isError) return null;
  if (!url) return <Skeleton variant="rectangular" height={160} sx={{ maxWidth: 360, mb: 1.5 }} />;
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      data-testid="run-question-image"
      sx={{
        display: 'block',
        alignSelf: 'flex-start',
        maxWidth: '100%',
        maxHeight: 320,
        objectFit: 'contain',
        mb: 1.5,
      }}
    />
  );
}
