import { CreateMissionPage } from '../../features/missions/components/create-mission-page';
import { placeField } from './mission-place-field';

/** /create-mission, with the posts feature's place search (composed here, outside the entry chunk). */
export function CreateMissionRoute() {
  return <CreateMissionPage place={placeField} />;
}

// The router loads this module as the route itself (react-router's lazy `Component`).
export { CreateMissionRoute as Component };
