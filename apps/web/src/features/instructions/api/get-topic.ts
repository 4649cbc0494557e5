import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { topicKeys } from './topic-keys.ts';

export async function getTopic(id: number): Promise<Topic> {
  return (await api.get<{ data: Topic }>(`topics/${id}`)).data;
}

export const topicQueryOptions = (id: number) =>
  queryOptions({ queryKey: topicKeys.detail(id), queryFn: () => getTopic(id), staleTime: 0 });

export function useTopic(id: number, enabled = true) {
  return useQuery({ ...topicQueryOptions(id), enabled });
}
