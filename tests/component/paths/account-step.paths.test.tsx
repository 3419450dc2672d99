// Every UI path of the account step (step 1 of the modal) replayed through the real React tree.
import { describeUiPaths } from './dom-driver.tsx';

describeUiPaths('account step (step 1 of the modal)', 'account-step', []);
