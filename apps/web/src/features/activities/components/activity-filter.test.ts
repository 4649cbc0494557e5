import type { ActivityNode } from '@schutzwerk/shared/activities/activity.schema.ts';
import { describe, expect, it } from 'vitest';
import { filterNodes } from './activity-filter.ts';

const node = (
  id: number,
  parentId: number | null,
  name: string,
  designations: string[] = [],
): ActivityNode => ({
  id,
  parentId,
  name,
  designations,
  isSystem: false,
  isRole: false,
  isRoleBase: false,
  employeeCount: 0,
});
const nodes = [
  node(1, null, 'Logistik'),
  node(2, 1, 'Führen von Flurförderzeugen', ['Gabelstaplerfahrer']),
  node(3, null, 'Labor'),
];

describe('filterNodes', () => {
  it('keeps matches by name or designation with their ancestors', () => {
    expect(filterNodes(nodes, 'stapler').map((n) => n.id)).toEqual([1, 2]);
    expect(filterNodes(nodes, 'LABOR').map((n) => n.id)).toEqual([3]);
    expect(filterNodes(nodes, '  ').length).toBe(3);
    expect(filterNodes(nodes, 'labor stapler')).toEqual([]);
  });
});
