// Mantine's CSS is imported per component, so the first load carries only what the shell and the
// public pages draw. The styles of the challenge and content pages' components (their loading and
// error states, image, lists) are here rather than with their screens: each file of a page's own is
// one more request in its first load, waiting on a phone's six connections behind the framework
// (decision 084). Screens behind a click or a sign-in import the styles of their own components.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Blockquote.css';
import '@mantine/core/styles/List.css';
