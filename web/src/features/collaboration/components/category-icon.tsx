import type { CollaborationCategoryId } from '@muster/contract/collaboration';
import {
  Briefcase,
  FlaskConical,
  HeartPulse,
  LayoutGrid,
  type LucideProps,
  Mountain,
  Palette,
  Siren,
  Trophy,
} from 'lucide-react';

const icons: Record<CollaborationCategoryId, React.ComponentType<LucideProps>> = {
  emergency: Siren,
  healthcare: HeartPulse,
  creative: Palette,
  adventure: Mountain,
  business: Briefcase,
  sports: Trophy,
  science: FlaskConical,
  all: LayoutGrid,
};

export function CategoryIcon({
  categoryId,
  ...props
}: { categoryId: CollaborationCategoryId } & LucideProps) {
  const Icon = icons[categoryId];
  return <Icon aria-hidden="true" {...props} />;
}
