import type { AccidentStatistics } from '@schutzwerk/shared/accidents/statistics.schema.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiDownload } from '#lib/api-client.ts';

/** The statistics of a year (ACCIDENT_REPORTS_STATISTICS; health tables only with the right). */
export function useAccidentStatistics(year: number, fullTimeHours: number | null) {
  return useQuery({
    queryKey: ['accidents', 'statistics', year, fullTimeHours],
    queryFn: async () =>
      (
        await api.get<{ data: AccidentStatistics }>('accidents/statistics', {
          year,
          ...(fullTimeHours === null ? {} : { fullTimeHours }),
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** One table as XLSX (the report engine's writer). */
export function downloadStatisticsXlsx(year: number, table: string, fullTimeHours: number | null) {
  return apiDownload('accidents/statistics/xlsx', {
    method: 'GET',
    query: { year, table, ...(fullTimeHours === null ? {} : { fullTimeHours }) },
  });
}
