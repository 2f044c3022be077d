import { type CollaborationRequest, collaborationCategories, toCategoryId } from '@muster/contract/collaboration';
import type { CollaborationRow } from './collaboration.queries.js';

export function presentCollaboration(row: CollaborationRow): CollaborationRequest {
  const category = collaborationCategories[toCategoryId(row.category)];
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    deadline: row.deadline,
    location: row.location,
    image: row.image,
    category: category.id,
    categoryName: category.name,
    categoryColor: category.color,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: row.username
      ? { _id: row.userId, name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(), username: row.username, bio: row.bio ?? '' }
      : null,
  };
}
