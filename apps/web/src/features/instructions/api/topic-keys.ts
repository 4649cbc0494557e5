export const topicKeys = {
  all: ['topics'] as const,
  details: () => [...topicKeys.all, 'detail'] as const,
  detail: (id: number) => [...topicKeys.details(), id] as const,
};

/** List source of the topics (list protocol); the parent picker uses it as well. */
export const TOPIC_LIST_SOURCE = 'topics';
