import type { MatrixTopic } from '@schutzwerk/shared/instructions/profiles.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

/** The portal's active topics: the matrix's columns and the choice for profiles and exceptions. */
export async function getMatrixTopics(): Promise<MatrixTopic[]> {
  return (await api.get<{ data: MatrixTopic[] }>('instructions/matrix/topics')).data;
}

export function useMatrixTopics(enabled = true) {
  return useQuery({ queryKey: profileKeys.matrixTopics(), queryFn: getMatrixTopics, enabled });
}
