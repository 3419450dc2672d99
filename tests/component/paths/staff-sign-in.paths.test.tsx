// Every UI path of the staff sign-in (a passkey, an emailed link, an invitation; cancelled, refused,
// too many attempts, used up, no answer) replayed through the real studio's pages; those that end on
// a refused link or invitation again in Spanish, where the page says "Este enlace ya no sirve".
import { describeStudioPaths } from './studio-driver.tsx';

describeStudioPaths('the staff sign-in', 'staff-sign-in', (path) =>
  path.steps.some((step) => step.state === 'linkFailed' || step.state === 'inviteFailed'),
);
