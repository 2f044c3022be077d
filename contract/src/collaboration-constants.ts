/**
 * Zod-free half of collaboration.ts (decision 030): what the signed-in shell and home page need at
 * start-up (the categories and the field limits). Importing collaboration.ts builds every schema
 * of the module on load, which costs the shell's start-up task; it re-exports all of this, so the
 * server and the forms keep importing from there.
 */
export const collaborationCategoryIds = [
  'emergency',
  'healthcare',
  'creative',
  'adventure',
  'business',
  'sports',
  'science',
  'all',
] as const;
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
  emergency: {
    id: 'emergency',
    name: 'Emergency Response',
    icon: 'Siren',
    color: '#dc2626',
    description: 'Floods, fires, earthquakes and storms: people and supplies needed now.',
  },
  healthcare: {
    id: 'healthcare',
    name: 'Healthcare',
    icon: 'HeartPulse',
    color: '#db2777',
    description: 'Clinics, medical volunteers, health education and care at home.',
  },
  creative: {
    id: 'creative',
    name: 'Creative Projects',
    icon: 'Palette',
    color: '#7c3aed',
    description: 'Films, music, design, writing and art made together.',
  },
  adventure: {
    id: 'adventure',
    name: 'Adventure',
    icon: 'Mountain',
    color: '#0d9488',
    description: 'Expeditions, treks and journeys that need a crew.',
  },
  business: {
    id: 'business',
    name: 'Business Ventures',
    icon: 'Briefcase',
    color: '#2563eb',
    description: 'Co-founders, partners and pilots for ventures that do good.',
  },
  sports: {
    id: 'sports',
    name: 'Sports',
    icon: 'Trophy',
    color: '#ea580c',
    description: 'Teams, coaches, tournaments and community sport.',
  },
  science: {
    id: 'science',
    name: 'Science',
    icon: 'FlaskConical',
    color: '#0891b2',
    description: 'Research, field work, citizen science and open data.',
  },
  all: {
    id: 'all',
    name: 'All Collaboration Opportunities',
    icon: 'LayoutGrid',
    color: '#475569',
    description: 'Every open call for collaborators, across all categories.',
  },
};

/** Any unknown id is treated as all (spec §2). */
export function toCategoryId(id: string | undefined): CollaborationCategoryId {
  return (collaborationCategoryIds as readonly string[]).includes(id ?? '')
    ? (id as CollaborationCategoryId)
    : 'all';
}

export const COLLAB_TITLE_MAX = 120;
export const COLLAB_DESCRIPTION_MAX = 5000;
export const COLLAB_LOCATION_MAX = 120;
/** Browser-side downscale bound for the request image (spec leaves it unshown). */
export const COLLAB_IMAGE_MAX_PX = 1600;
export const COLLAB_IMAGE_QUALITY = 0.7;
