import type { InstructionDisplay } from '@schutzwerk/shared/instructions/assignments.schema.ts';
import type { IntervalUnit } from '@schutzwerk/shared/instructions/interval-format.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

/** The portal's display settings of instructions (decision 045): the unit intervals are shown in. */
export async function getInstructionDisplay(): Promise<InstructionDisplay> {
  return (await api.get<{ data: InstructionDisplay }>('instructions/display')).data;
}

export const instructionDisplayKey = ['instructions', 'display'] as const;

export const instructionDisplayQueryOptions = () =>
  queryOptions({ queryKey: instructionDisplayKey, queryFn: getInstructionDisplay, staleTime: 0 });

/** The unit every interval and duration is shown in; 'auto' until it is known. */
export function useIntervalUnit(): IntervalUnit {
  return useQuery(instructionDisplayQueryOptions()).data?.intervalUnit ?? 'auto';
}
