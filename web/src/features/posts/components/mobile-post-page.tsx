import { Navigate, useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { HuntModal } from './hunt-modal';
import { PostComposerModal } from './post-composer-modal';

/**
 * /MobilePost/create, /MobilePost/hunt, /MobilePost/update-mission (spec §2): the composers as a
 * phone's own screen; closing one goes home, and any other path goes home at once.
 */
export function MobilePostPage() {
  const { '*': step } = useParams();
  const navigate = useNavigate();
  const close = (open: boolean) => !open && navigate(paths.home);
  if (step === 'create') return <PostComposerModal open onOpenChange={close} />;
  if (step === 'update-mission')
    return <PostComposerModal open onOpenChange={close} initialPicker="update" />;
  if (step === 'hunt') return <HuntModal open onOpenChange={close} />;
  return <Navigate to={paths.home} replace />;
}
