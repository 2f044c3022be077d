import {
  type CollaborationRequest,
  collaborationCategories,
  toCategoryId,
} from '@muster/contract/collaboration';
import type { CollaborationRow } from './collaboration.queries.js';

/** `viewerId`: its owner reads the location as they typed it; everyone else the city-level one (decision 041). */
export function presentCollaboration(
  row: CollaborationRow,
  viewerId: string | undefined,
): CollaborationRequest {
  const category = collaborationCategories[toCategoryId(row.category)];
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    deadline: row.deadline,
    location:
      viewerId !== undefined && viewerId === row.userId ? (row.exactLocation ?? row.location) : row.location,
    image: row.image,
    category: category.id,
    categoryName: category.name,
    categoryColor: category.color,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: row.username
      ? {
          _id: row.userId,
          name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
          username: row.username,
          bio: row.bio ?? '',
        }
      : null,
    // Only its owner is ever shown a hidden request (withPoster), so only they read a reason.
    hiddenReason: row.hiddenReason,
  };
}
