// Every UI path of the library player (a day's page: opened, marked done or undone, not open yet,
// refused, unknown, no answer) replayed through the app's members' area.
import { describeUiPaths } from './dom-driver.tsx';

describeUiPaths('the library player', 'library-player', []);
