import type { ActionSource } from './action-sources.ts';

/**
 * The source of stand-alone actions ('general', source id 0). It has no record of its own: reading and
 * writing are decided per action by the actions service (own actions, the location scope of ACTIONS_AREA,
 * ACTIONS_ALL), so this source grants no blanket read and adds no restriction on writing.
 */
export const generalActionSource: ActionSource = {
  async describe(_ex, ids) {
    return new Map(ids.map((id) => [id, { label: 'Eigenständige Maßnahme', link: '/actions/list' }]));
  },
  async canRead() {
    return false;
  },
  async canEdit() {
    return true;
  },
};
