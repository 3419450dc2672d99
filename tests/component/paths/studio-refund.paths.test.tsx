// Every UI path of the studio's refund (previewed, confirmed or cancelled, changed meanwhile,
// refused, no answer) replayed through the member's page of the real studio.
import { describeStudioPaths } from './studio-driver.tsx';

describeStudioPaths("the studio's refund", 'studio-refund');
