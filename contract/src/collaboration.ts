import { z } from 'zod';

export const collaborationCategoryIds = ['emergency', 'healthcare', 'creative', 'adventure', 'business', 'sports', 'science', 'all'] as const;
export type CollaborationCategoryId = (typeof collaborationCategoryIds)[number];

export type CollaborationCategory = {
  id: CollaborationCategoryId;
  name: string;
  /** A lucide-react icon name. */
  icon: string;
  color: string;
  description: string;
};

/** Spec §2: the names are fixed; icons, colours and descriptions are ours. */
export const collaborationCategories: Record<CollaborationCategoryId, CollaborationCategory> = {
  emergency: { id: 'emergency', name: 'Emergency Response', icon: 'Siren', color: '#dc2626', description: 'Floods, fires, earthquakes and storms: people and supplies needed now.' },
  healthcare: { id: 'healthcare', name: 'Healthcare', icon: 'HeartPulse', color: '#db2777', description: 'Clinics, medical volunteers, health education and care at home.' },
  creative: { id: 'creative', name: 'Creative Projects', icon: 'Palette', color: '#7c3aed', description: 'Films, music, design, writing and art made together.' },
  adventure: { id: 'adventure', name: 'Adventure', icon: 'Mountain', color: '#0d9488', description: 'Expeditions, treks and journeys that need a crew.' },
  business: { id: 'business', name: 'Business Ventures', icon: 'Briefcase', color: '#2563eb', description: 'Co-founders, partners and pilots for ventures that do good.' },
  sports: { id: 'sports', name: 'Sports', icon: 'Trophy', color: '#ea580c', description: 'Teams, coaches, tournaments and community sport.' },
  science: { id: 'science', name: 'Science', icon: 'FlaskConical', color: '#0891b2', description: 'Research, field work, citizen science and open data.' },
  all: { id: 'all', name: 'All Collaboration Opportunities', icon: 'LayoutGrid', color: '#475569', description: 'Every open call for collaborators, across all categories.' },
};

/** Any unknown id is treated as all (spec §2). */
export function toCategoryId(id: string | undefined): CollaborationCategoryId {
  return (collaborationCategoryIds as readonly string[]).includes(id ?? '') ? (id as CollaborationCategoryId) : 'all';
}

export const COLLAB_TITLE_MAX = 120;
export const COLLAB_DESCRIPTION_MAX = 5000;
export const COLLAB_LOCATION_MAX = 120;
/** Browser-side downscale bound for the request image (spec leaves it unshown). */
export const COLLAB_IMAGE_MAX_PX = 1600;
export const COLLAB_IMAGE_QUALITY = 0.7;

/**
 * A real calendar day (zod's ISO date knows month lengths and leap years; `Date.parse` rolls
 * 2026-02-31 over to March), from year 1: PostgreSQL's calendar has no year 0.
 */
const deadlineSchema = z.iso
  .date('Deadline must be a date')
  .refine((d) => !d.startsWith('0000'), 'Deadline must be a date');

export const createCollaborationSchema = z.strictObject({
  title: z.string({ error: 'Mission Title is required' }).trim().min(1, 'Mission Title is required').max(COLLAB_TITLE_MAX, `Title must be at most ${COLLAB_TITLE_MAX} characters`),
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(COLLAB_DESCRIPTION_MAX, `Description must be at most ${COLLAB_DESCRIPTION_MAX} characters`),
  deadline: z.union([deadlineSchema, z.literal(''), z.null()]).optional(),
  location: z.string().trim().max(COLLAB_LOCATION_MAX, `Location must be at most ${COLLAB_LOCATION_MAX} characters`).optional(),
  image: z.union([z.string().startsWith('data:', 'Choose an image file'), z.literal(''), z.null()]).optional(),
  category: z.enum(collaborationCategoryIds, { error: 'Unknown category' }).optional(),
});
export type CreateCollaborationInput = z.infer<typeof createCollaborationSchema>;

/** The edit form: every field optional; image `null` removes it, a data URL replaces it. */
export const updateCollaborationSchema = createCollaborationSchema.partial().extend({
  title: createCollaborationSchema.shape.title.optional(),
  description: createCollaborationSchema.shape.description.optional(),
});

export const collaborationRequestSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  deadline: z.string().nullable(),
  location: z.string(),
  image: z.string().nullable(),
  category: z.enum(collaborationCategoryIds),
  categoryName: z.string(),
  categoryColor: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: z.object({ _id: z.string(), name: z.string(), username: z.string(), bio: z.string() }).nullable(),
});
export type CollaborationRequest = z.infer<typeof collaborationRequestSchema>;

export const collaborationListResponseSchema = z.object({
  data: z.array(collaborationRequestSchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
export const collaborationResponseSchema = z.object({ data: collaborationRequestSchema });
