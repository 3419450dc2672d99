// Every UI path of the catalogue editor (a sold plan's new price said before saving, a new name, a
// price past the ceiling refused, archived, refused for good, no answer) replayed through the real
// studio's catalogue page.
import { describeStudioPaths } from './studio-driver.tsx';

describeStudioPaths('the catalogue editor', 'catalogue-edit');
